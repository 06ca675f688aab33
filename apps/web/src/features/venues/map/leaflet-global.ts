import L from 'leaflet';

// leaflet.markercluster is a UMD plugin that extends the global `L`; give it the bundled one.
// This module is imported before the plugin, so it runs first.
(globalThis as { L?: typeof L }).L = L;
