// Keyboard first: keys pick choices, Enter answers, Enter again deals the next question.
// Served by the site itself; the forms work the same without it.
(function () {
  "use strict";
  function currentGroup(target) {
    return target.closest ? target.closest(".field") : null;
  }
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const form = event.target.closest && event.target.closest("form.answer-form");
    if (!form) return;
    if (event.key === "Enter") {
      event.preventDefault();
      form.requestSubmit();
      return;
    }
    const typing = event.target.matches("input[type=text], textarea");
    if (typing) return;
    const key = event.key.toLowerCase();
    // the group that has focus first, then the first group with that key
    const scopes = [currentGroup(event.target), form].filter(Boolean);
    for (const scope of scopes) {
      const radio = scope.querySelector('input[data-key="' + CSS.escape(key) + '"]');
      if (radio) {
        radio.checked = true;
        radio.focus();
        event.preventDefault();
        const fields = Array.from(form.querySelectorAll(".field"));
        const index = fields.indexOf(radio.closest(".field"));
        const next = fields[index + 1];
        if (next) {
          const input = next.querySelector("input");
          if (input) input.focus();
        }
        return;
      }
      const box = scope.querySelector('input[type=checkbox][value="' + CSS.escape(key) + '"]');
      if (box) {
        box.checked = !box.checked;
        box.focus();
        event.preventDefault();
        return;
      }
    }
  });
  // after htmx swaps in a question or feedback, put focus where the hand goes next
  document.body.addEventListener("htmx:afterSwap", function () {
    const target = document.querySelector("#drill [autofocus]");
    if (target) target.focus();
  });
})();
