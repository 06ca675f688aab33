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

  // A choice or text entered before the app is interactive is in the page, but not in the app's
  // state: hydration sets each field back to the value the app holds. The last value of each
  // field the person changed is kept, and given back to the app as their own change once it is
  // interactive, before the held press (which may submit it).
  var edits = [];
  var field = function (element) {
    var tag = element && element.tagName;
    return tag === 'SELECT' || tag === 'TEXTAREA' || (tag === 'INPUT' && element.type !== 'file');
  };
  var note = function (event) {
    var element = event.target;
    var root = document.getElementById('root');
    // Not only trusted events: a browser's own select (and an automation's) reports a choice
    // with an event it makes itself.
    if (!field(element) || !root || !root.contains(element)) return;
    for (var i = 0; i < edits.length; i++) if (edits[i].element === element) edits.splice(i, 1);
    edits.push({ element: element, id: element.id, value: element.value, checked: element.checked });
  };
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  var giveBack = function (edit) {
    var element = edit.element;
    // A page the app rendered afresh has new fields: the same field by its id.
    if (!element.isConnected && edit.id) element = document.getElementById(edit.id);
    if (!field(element) || element.disabled) return;
    var type = element.type;
    if (type === 'checkbox' || type === 'radio') {
      if (element.checked !== edit.checked) element.click();
      return;
    }
    var prototype = Object.getPrototypeOf(element);
    var setter = Object.getOwnPropertyDescriptor(prototype, 'value');
    if (!setter || !setter.set) return;
    // React notices a change by comparing the field with the last value it saw: that is set to
    // something else first (through the field's own setter, which React watches), then the value
    // itself (through the prototype's, which it does not).
    element.value = edit.value === '' ? ' ' : '';
    setter.set.call(element, edit.value);
    element.dispatchEvent(new Event(element.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  };

  window.__appInteractive = function () {
    window.__appInteractive = function () {};
    document.removeEventListener('click', hold, true);
    document.removeEventListener('input', note, true);
    document.removeEventListener('change', note, true);
    var given = edits;
    edits = [];
    for (var i = 0; i < given.length; i++) giveBack(given[i]);
    var button = held;
    held = null;
    if (!button) return;
    var press = function () {
      if (button.isConnected && !button.disabled) button.click();
    };
    // The app renders the given-back values before the press reads them.
    if (given.length > 0) setTimeout(press, 0);
    else press();
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
