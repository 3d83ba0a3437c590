// Paiyou — the Copy and Share buttons of the progress key (templates/daily/key.html) and of a
// daily's share text (templates/daily/_result.html). Without this script the key is a plain
// read-only field and the share text plain text, to select and copy; with it, "Copy" puts them
// on the clipboard and "Share" appears where the browser has the Web Share API.
(function () {
  "use strict";
  document.querySelectorAll("[data-copy-actions]").forEach(function (actions) {
    var box = actions.closest("section");
    var source = box.querySelector("[data-copy-source]");
    var output = box.querySelector("[data-copy-output]");
    var copy = actions.querySelector("[data-copy-button]");
    var share = actions.querySelector("[data-share-button]");
    if (!source) return;
    var text = function () { return source.value !== undefined ? source.value : source.textContent; };
    actions.hidden = false;
    copy.addEventListener("click", function () {
      var done = function () { output.textContent = copy.dataset.copied; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text()).then(done, function () {});
      } else if (source.select) {
        source.select();
        if (document.execCommand("copy")) done();
      }
    });
    if (share && navigator.share) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share({ title: share.dataset.shareTitle, text: text() }).catch(function () {});
      });
    }
  });
})();
