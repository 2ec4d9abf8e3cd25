// The countdown of a timed test.  The server keeps the time and refuses late answers; this
// only shows what is left, counted from what the server said when it sent the page (so a
// wrong clock on the trainee's machine does not matter), and reloads when time is up so the
// server can finish the sitting and show the result.
(function () {
  "use strict";
  const timer = document.querySelector(".timer[data-seconds-left]");
  if (!timer) return;
  const clock = timer.querySelector(".timer-clock");
  const total = Number(timer.dataset.secondsLeft);
  const started = performance.now();
  function left() {
    return Math.max(0, Math.ceil(total - (performance.now() - started) / 1000));
  }
  function show(seconds) {
    const minutes = Math.floor(seconds / 60);
    const rest = String(seconds % 60).padStart(2, "0");
    clock.textContent = minutes + ":" + rest;
    timer.classList.toggle("low", seconds <= 60);
  }
  function tick() {
    const seconds = left();
    show(seconds);
    if (seconds === 0) {
      timer.classList.add("up");
      clock.textContent = "time is up";
      document.querySelectorAll("form.answer-form button").forEach(function (b) {
        b.disabled = true;
      });
      // give the server's deadline a moment to pass too, then let it finish the sitting
      setTimeout(function () { window.location.reload(); }, 1500);
      return;
    }
    setTimeout(tick, 1000 - ((performance.now() - started) % 1000));
  }
  tick();
})();
