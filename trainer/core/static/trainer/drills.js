// Keyboard first: keys pick choices, Tab or Enter moves to the next answer in the order the
// house settles the layout (the page's order), Enter on the last one answers, Enter again
// shows the next question; H opens the placard.  Served by the site itself; the forms and
// the placard's link work the same without it.
//
// One request a question: the answer's response carries the next question in a <template>,
// which Next shows without asking the server (`reveal`).  The time from a question appearing
// to its answer being sent is measured here and sent with the answer (`took_ms`); the server
// keeps it if it is no longer than its own time since it sent the question.
(function () {
  "use strict";
  // the chip trays take taps and keys: a phone's felt may fold away the boxes of the chip
  // builders not being answered (felt.css)
  document.documentElement.classList.add("chips-js");
  function currentGroup(target) {
    return target.closest ? target.closest(".field") : null;
  }
  function fieldsOf(form) {
    return Array.from(form.querySelectorAll(".field"));
  }
  // a watched settlement: marked right, or wrong with what and how much
  function watchedOpen(field) {
    const wrong = field.querySelector("input[type=radio][value=wrong]:checked");
    if (!wrong) return field.querySelector("input[type=radio]:checked") ? null : field.querySelector("input[type=radio]");
    const select = field.querySelector("select");
    if (select && !select.value) return select;
    return Array.from(field.querySelectorAll("input[type=text]")).find(function (i) {
      return i.value.trim() === "";
    }) || null;
  }
  function answered(field) {
    if (field.classList.contains("watch")) return watchedOpen(field) === null;
    if (field.querySelector("[data-chips]")) return true; // no chips is an answer (a push's 0)
    const text = field.querySelector("input[type=text]");
    if (text) return text.value.trim() !== "";
    return field.querySelector("input:checked") !== null;
  }
  function focusField(field) {
    const tray = field.querySelector(".chip-tray");
    if (tray) { tray.focus(); return; }
    const input = field.querySelector("input[type=text], input:checked, input");
    if (input) input.focus();
  }
  // the next answer still to give after `field`, in page order (then any before it).  A chip
  // builder further on is still to give though "no chips" answers it already: else Enter
  // passed over a seat's other builders in a drill in chips, to the next seat's outcome.
  function nextOpen(form, field) {
    const fields = fieldsOf(form);
    const index = fields.indexOf(field);
    const after = fields.slice(index + 1).concat(fields.slice(0, Math.max(index, 0)));
    return after.find(function (f) {
      return !answered(f) || (fields.indexOf(f) > index && f.querySelector("[data-chips]") !== null);
    }) || null;
  }
  function openPlacard() {
    const link = document.querySelector("[data-placard]");
    if (!link) return false;
    const dialog = document.getElementById(link.dataset.placard);
    if (dialog && typeof dialog.showModal === "function") {
      if (!dialog.open) {
        dialog.showModal();
        dialog.scrollTop = 0; // the placard from its title, its close button still focused
      }
      return true;
    }
    window.location.href = link.href; // no dialog: the placard's own page
    return true;
  }
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("[data-placard]");
    if (link && openPlacard()) {
      event.preventDefault();
      return;
    }
    const zero = event.target.closest && event.target.closest("button[data-zero]");
    if (zero) {
      const input = document.getElementById(zero.dataset.zero);
      if (!input) return;
      input.value = "0";
      const form = input.closest("form");
      const next = form && nextOpen(form, input.closest(".field"));
      if (next) focusField(next); else input.focus();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const typing = target.matches && target.matches("input[type=text], input[type=number], textarea, select");
    const amount = target.matches && target.matches("input.amount");
    // H for the placard, anywhere but a box that takes letters (an amount takes none)
    if (event.key.toLowerCase() === "h" && (!typing || amount) && !event.shiftKey) {
      if (openPlacard()) {
        event.preventDefault();
        return;
      }
    }
    const form = target.closest && target.closest("form.answer-form");
    if (!form) return;
    const tray = target.closest(".chip-tray");
    if (tray && chipKey(tray, event)) {
      event.preventDefault();
      return;
    }
    if (event.key === "Enter") {
      if (target.matches("button[data-zero]")) return; // Enter presses the push's 0 itself
      event.preventDefault();
      const field = currentGroup(target);
      // within a watched settlement marked wrong: on to what is still to say
      const missing = field && field.classList.contains("watch") ? watchedOpen(field) : null;
      if (missing && missing !== target) {
        missing.focus();
        return;
      }
      const next = field && answered(field) ? nextOpen(form, field) : null;
      if (next) focusField(next);
      else form.requestSubmit();
      return;
    }
    if (typing) return;
    const key = event.key.toLowerCase();
    // the group that has focus first, then the first group with that key
    const scopes = [currentGroup(target), form].filter(Boolean);
    for (const scope of scopes) {
      const radio = scope.querySelector('input[data-key="' + CSS.escape(key) + '"]');
      if (radio) {
        radio.checked = true;
        radio.focus();
        event.preventDefault();
        const group = radio.closest(".field");
        if (group.classList.contains("watch") && radio.value === "wrong") {
          const select = group.querySelector("select");
          if (select) select.focus(); // what went wrong, then the right settlement
          return;
        }
        const fields = fieldsOf(form);
        const next = fields[fields.indexOf(group) + 1];
        if (next) focusField(next);
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
  // The chip builder: in its tray a key per chip adds one, Backspace takes the last
  // one added off; the count boxes are the form's own inputs, so typing a count works too.
  const added = new WeakMap(); // tray -> the chip values added by key, in order
  function chipInputs(builder) {
    return Array.from(builder.querySelectorAll("input.chip-input"));
  }
  function chipKey(tray, event) {
    const builder = tray.closest("[data-chips]");
    const stack = added.get(tray) || [];
    if (event.key === "Backspace") {
      const last = stack.pop();
      const input = last && builder.querySelector('input[data-chip="' + last + '"]');
      if (input) input.value = String(Math.max(0, (parseInt(input.value, 10) || 0) - 1));
      added.set(tray, stack);
      drawChips(builder);
      return true;
    }
    const input = builder.querySelector('input[data-chip-key="' + CSS.escape(event.key) + '"]');
    if (!input) return false;
    input.value = String((parseInt(input.value, 10) || 0) + 1);
    stack.push(input.dataset.chip);
    added.set(tray, stack);
    drawChips(builder);
    return true;
  }
  // a whole number grouped by threes with the page's language's separator (the server's,
  // from Django's formats: the browser's own Intl leaves Spanish 1250 ungrouped)
  function grouped(value, separator) {
    return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator === undefined ? "," : separator);
  }
  function drawChips(builder) {
    const said = builder.querySelector(".chip-said");
    const total = builder.querySelector(".chip-total output");
    const stacks = document.createElement("span");
    stacks.className = "chip-stacks";
    const words = [];
    let sum = 0;
    chipInputs(builder).reverse().forEach(function (input) {
      const n = parseInt(input.value, 10) || 0;
      const value = parseInt(input.dataset.chip, 10);
      if (n <= 0) return;
      sum += n * value;
      words.push(n + " " + input.dataset.chipName + " " + grouped(value, total.dataset.thousands));
      const stack = document.createElement("span");
      stack.className = "chip-stack";
      const sample = builder.querySelector('label[for="' + input.id + '"] .chip-disc');
      for (let i = 0; i < Math.min(n, 5); i++) stack.appendChild(sample.cloneNode(true));
      const count = document.createElement("span");
      count.className = "chip-count";
      count.setAttribute("aria-hidden", "true");
      count.textContent = n + " × " + input.dataset.chipName;
      stack.appendChild(count);
      stacks.appendChild(stack);
    });
    if (!words.length) {
      stacks.classList.add("empty");
      stacks.textContent = "no chips";
    } else {
      stacks.setAttribute("role", "img");
      stacks.setAttribute("aria-label", words.join(", "));
    }
    said.replaceChildren(stacks);
    total.textContent = grouped(sum, total.dataset.thousands);
  }
  document.addEventListener("input", function (event) {
    const builder = event.target.closest && event.target.closest("[data-chips]");
    if (builder) drawChips(builder);
  });
  // When the question on the page appeared (performance.now()), and which question it is: an
  // answer that does not parse brings the form back, and its time runs on.
  let shownAt = null;
  let shownQuestion = null;
  function markShown() {
    const drill = document.getElementById("drill");
    if (!drill || !drill.querySelector("form.answer-form")) return;
    if (drill.dataset.question === shownQuestion) return;
    shownQuestion = drill.dataset.question;
    shownAt = performance.now();
  }
  // Next, with the next question in its <template>: it replaces the drill, no request made
  function reveal(form) {
    const template = document.getElementById(form.dataset.reveal);
    const drill = document.getElementById("drill");
    if (!template || !drill) return false;
    drill.replaceWith(template.content.cloneNode(true));
    const shown = document.getElementById("drill");
    if (window.htmx) window.htmx.process(shown);
    settle();
    return true;
  }
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (form.matches("form[data-reveal]")) {
      if (reveal(form)) event.preventDefault();
      return;
    }
    const took = form.matches("form.answer-form") && form.querySelector("input[name=took_ms]");
    if (took && shownAt !== null) {
      took.value = String(Math.max(0, Math.round(performance.now() - shownAt)));
    }
  }, true);
  // The pace indicator: while the question is open a bar fills toward the target
  // and a word says "at pace", then "over target", counted from when the question appeared.
  // Only the change is said aloud (the live region is empty until then); with reduced motion
  // the bar is not drawn (site.css), the word alone changes.
  function runPace(pace) {
    const target = Number(pace.dataset.targetMs);
    if (!(target > 0)) return;
    const started = shownAt !== null ? shownAt : performance.now();
    const fill = pace.querySelector(".pace-fill");
    const word = pace.querySelector(".pace-word");
    const said = pace.querySelector(".pace-said");
    pace.classList.add("running");
    // a watch drill's clock: the seconds left, and when none are, the answer is
    // sent as it stands (a position not marked counts as missed)
    const clock = pace.hasAttribute("data-clock");
    function tick() {
      if (!pace.isConnected) return; // answered: the feedback took its place
      const elapsed = performance.now() - started;
      if (fill) fill.style.transform = "scaleX(" + Math.min(1, elapsed / target) + ")";
      if (clock) {
        const left = Math.max(0, Math.ceil((target - elapsed) / 1000));
        word.textContent = left + " s left";
        if (left === 10 && !said.textContent) said.textContent = "10 seconds left.";
        if (elapsed > target + 50) {
          pace.classList.add("over");
          said.textContent = "Time is up: the answer is sent as it stands.";
          const form = document.querySelector("form.answer-form");
          if (form && !form.dataset.sent) {
            form.dataset.sent = "1";
            form.requestSubmit();
          }
          return;
        }
        setTimeout(tick, 250);
        return;
      }
      if (elapsed > target) {
        pace.classList.add("over");
        word.textContent = "over target";
        said.textContent = "Over the target time.";
        return; // nothing changes after this
      }
      setTimeout(tick, 250);
    }
    tick();
  }
  function ready() {
    // the push's 0 and the print button need this script: shown only with it
    document.querySelectorAll("button[data-zero], button.print-placard").forEach(function (b) {
      b.hidden = false;
    });
    markShown();
    document.querySelectorAll("[data-pace]:not(.running)").forEach(runPace);
  }
  // a question or feedback just put on the page: ready it, and put focus where the hand goes
  function settle() {
    ready();
    const target = document.querySelector("#drill [autofocus]");
    if (target) target.focus();
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("button.print-placard")) window.print();
  });
  document.addEventListener("DOMContentLoaded", ready);
  document.body.addEventListener("htmx:afterSwap", settle);
})();
