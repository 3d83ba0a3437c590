// Paiyou — the progress key's Copy and Share buttons (templates/daily/key.html). Without this
// script the key is a plain read-only field to select and copy; with it, "Copy" puts it on the
// clipboard and "Share" appears where the browser has the Web Share API.
(function () {
  "use strict";
  document.querySelectorAll("[data-copy-actions]").forEach(function (actions) {
    var box = actions.closest("section");
    var source = box.querySelector("[data-copy-source]");
    var output = box.querySelector("[data-copy-output]");
    var copy = actions.querySelector("[data-copy-button]");
    var share = actions.querySelector("[data-share-button]");
    if (!source) return;
    actions.hidden = false;
    copy.addEventListener("click", function () {
      var done = function () { output.textContent = copy.dataset.copied; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(source.value).then(done, function () {
          source.select();
        });
      } else {
        source.select();
        if (document.execCommand("copy")) done();
      }
    });
    if (share && navigator.share) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share({ title: share.dataset.shareTitle, text: source.value }).catch(function () {});
      });
    }
  });
})();
