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
