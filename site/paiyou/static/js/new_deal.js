// "New deal" during an unfinished deal asks first, in the page: a <dialog> whose sentences come
// from the form's data-ask / data-yes / data-no (translated by the server). Without JavaScript
// the server asks on its own page (…/play/confirm). Nothing is asked once the deal is over (the
// table then offers "Next deal of the match", #next-deal).
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.ask) return;
    if (form.dataset.confirmed === "yes" || document.getElementById("next-deal")) return;
    if (typeof HTMLDialogElement !== "function") return; // the server asks instead
    event.preventDefault();
    const dialog = document.createElement("dialog");
    dialog.className = "confirm-dialog";
    dialog.setAttribute("aria-labelledby", "confirm-dialog-text");
    const text = document.createElement("p");
    text.id = "confirm-dialog-text";
    text.textContent = form.dataset.ask;
    const actions = document.createElement("div");
    actions.className = "confirm-dialog__actions";
    const stay = document.createElement("button");
    stay.type = "button";
    stay.className = "button button--primary";
    stay.id = "confirm-dialog-stay";
    stay.textContent = form.dataset.no || "";
    const go = document.createElement("button");
    go.type = "button";
    go.className = "button button--quiet";
    go.id = "confirm-dialog-go";
    go.textContent = form.dataset.yes || "";
    actions.append(stay, go);
    dialog.append(text, actions);
    (form.closest(".play") || document.body).append(dialog); // the page's button styles apply
    const opener = document.activeElement;
    stay.addEventListener("click", function () { dialog.close(); });
    dialog.addEventListener("close", function () {
      dialog.remove();
      if (opener instanceof HTMLElement) opener.focus();
    });
    go.addEventListener("click", function () {
      // a live update may have replaced the table, and this form with it, while the question was
      // open: a form no longer in the page submits nothing, so the one now standing there is sent
      const target = form.isConnected ? form : Array.prototype.find.call(document.forms, function (f) {
        return f.action === form.action && f.dataset.ask;
      });
      dialog.remove();
      if (!target) return; // gone for good (the deal ended meanwhile): nothing left to confirm
      const confirm = document.createElement("input");
      confirm.type = "hidden";
      confirm.name = "confirm";
      confirm.value = "yes";
      target.append(confirm);
      target.dataset.confirmed = "yes";
      target.requestSubmit ? target.requestSubmit() : target.submit();
    });
    dialog.showModal();
    stay.focus();
  });
})();
