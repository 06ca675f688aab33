import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import './leaflet-global.ts';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './venue-map.css';
import { Circle, CircleMarker, MapContainer, TileLayer, useMap } from 'react-leaflet';
import { boundsAround, MAP_DEFAULTS, type LatLng } from '@app/contract/rules/geo';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { isMobileViewport } from './map-store.ts';
import type { MapVenue } from './map-venue.ts';

type Props = {
  venues: readonly (MapVenue & LatLng)[];
  /** Slugs in the results list's order (nearest first): the pins' keyboard order. */
  order: readonly string[];
  centre: LatLng | null;
  radius: number;
  highlightedSlug: string | null;
  onMarkerClick: (slug: string) => void;
  label: string;
};

const themeColour = (name: string, fallback: string) => {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value ? `rgb(${value.split(/\s+/).join(',')})` : fallback;
};

const pin = (isHighlighted: boolean) =>
  L.divIcon({
    className: `venue-pin${isHighlighted ? ' venue-pin--highlighted' : ''}`,
    html: '<span class="venue-pin__dot"></span>',
    iconSize: [28, 36],
    iconAnchor: [14, 34],
    tooltipAnchor: [0, -30],
  });

/** A cluster's icon: its count, and the word after it in the page's language (`venues(count)`, a translation: no markup). */
const clusterIcon = (venues: (count: number) => string) => (cluster: L.MarkerCluster) => {
  const count = cluster.getChildCount();
  const size = count < 10 ? 36 : count < 100 ? 44 : 52;
  const word = document.createElement('span');
  word.textContent = venues(count);
  return L.divIcon({
    className: 'venue-cluster',
    html: `<span>${count}<span class="venue-cluster__label"> ${word.innerHTML}</span></span>`,
    iconSize: [size, size],
  });
};

const tooltipContent = (venue: MapVenue) => {
  const box = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = venue.name;
  const address = document.createElement('div');
  address.textContent = venue.address;
  box.append(name, address);
  return box;
};

/**
 * Keyboard order of the pins (WCAG 2.4.3, 2.4.11): only pins and clusters drawn inside the
 * visible map take focus, pins in the results list's order (nearest first), then clusters.
 * Leaflet places icons with transforms, so their order in the DOM is free to change.
 */
const orderPinsForKeyboard = (map: L.Map, markers: ReadonlyMap<string, L.Marker>, order: readonly string[]) => {
  const pane = map.getPane('markerPane');
  if (!pane) return;
  const view = map.getContainer().getBoundingClientRect();
  const rank = new Map(order.map((slug, index) => [slug, index]));
  const slugOf = new Map<Element, string>();
  for (const [slug, marker] of markers) {
    const element = marker.getElement();
    if (element) slugOf.set(element, slug);
  }
  const icons = [...pane.querySelectorAll<HTMLElement>('.leaflet-marker-icon')];
  for (const icon of icons) {
    const box = icon.getBoundingClientRect();
    const x = (box.left + box.right) / 2;
    const y = (box.top + box.bottom) / 2;
    const isInView = x >= view.left && x <= view.right && y >= view.top && y <= view.bottom;
    icon.tabIndex = isInView ? 0 : -1;
  }
  const weight = (icon: HTMLElement) => {
    const slug = slugOf.get(icon);
    if (slug === undefined) return order.length + 1; // a cluster
    return rank.get(slug) ?? order.length;
  };
  const sorted = [...icons].sort((a, b) => weight(a) - weight(b));
  if (sorted.every((icon, index) => icon === icons[index])) return;
  const focused = document.activeElement;
  pane.append(...sorted);
  // Moving a node drops its focus: give it back.
  if (focused instanceof HTMLElement && sorted.includes(focused)) focused.focus({ preventScroll: true });
};

/** Clustered markers (hundreds of venues stay readable and fast). */
const VenueMarkers = ({ venues, order, highlightedSlug, onMarkerClick }: Pick<Props, 'venues' | 'order' | 'highlightedSlug' | 'onMarkerClick'>) => {
  const map = useMap();
  // The group is made once; its icons are drawn in the language of the moment (the instance's, not a render's t).
  const { i18n } = useTranslation('catalogue');
  const group = useMemo(
    () => L.markerClusterGroup({ iconCreateFunction: clusterIcon((count) => i18n.t('catalogue:map.clusterVenues', { count })), showCoverageOnHover: false, maxClusterRadius: 50 }),
    [i18n],
  );
  const markers = useRef<ReadonlyMap<string, L.Marker>>(new Map());
  const clickRef = useRef(onMarkerClick);
  const highlightedRef = useRef(highlightedSlug);
  useEffect(() => {
    clickRef.current = onMarkerClick;
    highlightedRef.current = highlightedSlug;
  }, [onMarkerClick, highlightedSlug]);

  useEffect(() => {
    map.addLayer(group);
    return () => {
      map.removeLayer(group);
    };
  }, [map, group]);

  useEffect(() => {
    const next = new Map(
      venues.map((venue) => [
        venue.slug,
        L.marker([venue.lat, venue.lng], {
          icon: pin(venue.slug === highlightedRef.current),
          title: venue.name,
          alt: venue.name,
          riseOnHover: true,
        })
          .bindTooltip(tooltipContent(venue), { direction: 'top' })
          .on('click', () => clickRef.current(venue.slug))
          // A focused pin answers Enter (and Space) like a button.
          .on('keypress', (event) => {
            const { key } = (event as L.LeafletKeyboardEvent).originalEvent;
            if (key === 'Enter' || key === ' ') clickRef.current(venue.slug);
          }),
      ]),
    );
    group.clearLayers();
    group.addLayers([...next.values()]);
    markers.current = next;
  }, [group, venues]);

  // Highlighting restyles the pin in place: redrawing it would drop the focus of a pressed pin.
  useEffect(() => {
    for (const [slug, marker] of markers.current) {
      const isHighlighted = slug === highlightedSlug;
      // What a cluster draws next time; Leaflet's own object, not React state.
      Object.assign(marker.options, { icon: pin(isHighlighted) });
      marker.getElement()?.classList.toggle('venue-pin--highlighted', isHighlighted);
    }
  }, [highlightedSlug, venues]);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => orderPinsForKeyboard(map, markers.current, order));
    };
    update();
    map.on('moveend zoomend resize', update);
    group.on('animationend layeradd', update);
    return () => {
      cancelAnimationFrame(frame);
      map.off('moveend zoomend resize', update);
      group.off('animationend layeradd', update);
    };
  }, [map, group, order, venues]);
  return null;
};

/** Default view (spec §3/§9) until a search; then the searched place and its radius. */
const ViewController = ({ centre, radius }: Pick<Props, 'centre' | 'radius'>) => {
  const map = useMap();
  useEffect(() => {
    const mobile = isMobileViewport();
    if (!centre) {
      map.setView([MAP_DEFAULTS.latitude, MAP_DEFAULTS.longitude], mobile ? MAP_DEFAULTS.secondZoom.mobile : MAP_DEFAULTS.secondZoom.other);
      return;
    }
    if (radius <= MAP_DEFAULTS.radius) {
      map.setView([centre.lat, centre.lng], mobile ? MAP_DEFAULTS.zoom.mobile : MAP_DEFAULTS.zoom.other);
      return;
    }
    const [sw, ne] = boundsAround(centre, radius);
    map.fitBounds([
      [sw.lat, sw.lng],
      [ne.lat, ne.lng],
    ]);
  }, [map, centre, radius]);
  return null;
};

/** Leaflet map of the venues; works without tiles (markers, clusters and circle are drawn locally). */
const VenueMap = ({ venues, order, centre, radius, highlightedSlug, onMarkerClick, label }: Props) => {
  const { t } = useTranslation('catalogue');
  const primary = useMemo(() => themeColour('--colour-primary-500', '#6b2fa0'), []);
  const mobile = isMobileViewport();
  return (
    <div role="region" aria-label={label} className="venue-map overflow-hidden rounded-2xl shadow-sm ring-1 ring-dark-100">
      <MapContainer
        center={[MAP_DEFAULTS.latitude, MAP_DEFAULTS.longitude]}
        zoom={mobile ? MAP_DEFAULTS.secondZoom.mobile : MAP_DEFAULTS.secondZoom.other}
        zoomSnap={0.1}
        scrollWheelZoom={false}
        className="h-80 w-full lg:h-[26rem]"
      >
        <TileLayer
          url={runtimeConfig().mapTileUrl}
          attribution={t('map.attribution')}
        />
        <ViewController centre={centre} radius={radius} />
        {centre && (
          <>
            <Circle
              center={[centre.lat, centre.lng]}
              radius={radius * MAP_DEFAULTS.metresPerMile}
              pathOptions={{ color: primary, weight: 2, fillOpacity: 0.06 }}
            />
            <CircleMarker
              center={[centre.lat, centre.lng]}
              radius={7}
              pathOptions={{ color: '#ffffff', weight: 3, fillColor: primary, fillOpacity: 1 }}
            />
          </>
        )}
        <VenueMarkers venues={venues} order={order} highlightedSlug={highlightedSlug} onMarkerClick={onMarkerClick} />
      </MapContainer>
    </div>
  );
};

export default VenueMap;
