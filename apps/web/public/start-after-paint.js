/* global document, window, requestAnimationFrame */
// Starts the app once a server-rendered page has painted (apps/api/src/modules/spa/first-paint.ts,
// docs/performance.md "Lighthouse"). The page is complete without script: its stylesheet is
// inline, so it paints from the HTML alone. The server moves the entry script and its
// modulepreload hints here (`data-entry`, `data-preload`, space-separated); after the first
// contentful paint this adds them, and the app hydrates the page (main.tsx).
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ');

  // A press before the app is interactive would do nothing: the page's buttons have no handlers
  // until it hydrates. The last press of a button (a click, or Enter or Space on a focused one) is
  // held, and pressed again once the page is interactive (`__appInteractive`, called by the
  // shell once its screen has hydrated; docs/performance.md "Presses before the app starts").
  // Links need no holding: without script they load their page.
  var held = null;
  var hold = function (event) {
    var target = event.target;
    var button = target && target.closest ? target.closest('button') : null;
    var root = document.getElementById('root');
    if (!event.isTrusted || !button || !root || !root.contains(button) || button.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
  };
  document.addEventListener('click', hold, true);
  window.__appInteractive = function () {
    window.__appInteractive = function () {};
    document.removeEventListener('click', hold, true);
    var button = held;
    held = null;
    if (button && button.isConnected && !button.disabled) button.click();
  };
  var started = false;
  var add = function (element) {
    element.setAttribute('crossorigin', '');
    document.head.appendChild(element);
  };
  var start = function () {
    if (started) return;
    started = true;
    for (var i = 0; i < preload.length; i++) {
      if (!preload[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = preload[i];
      add(link);
    }
    var module = document.createElement('script');
    module.type = 'module';
    module.src = entry;
    add(module);
  };
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // No paint reported (a background tab gets no frames until it is shown): start anyway.
  setTimeout(start, 3000);
})();
