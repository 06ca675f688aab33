import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import './leaflet-global.ts';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './venue-map.css';
import { Circle, CircleMarker, MapContainer, TileLayer, useMap } from 'react-leaflet';
import { boundsAround, MAP_DEFAULTS, type LatLng } from '@app/contract/rules/geo';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { isMobileViewport } from './map-store.ts';
import type { MapVenue } from './map-venue.ts';

type Props = {
  venues: readonly (MapVenue & LatLng)[];
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

const clusterIcon = (cluster: L.MarkerCluster) => {
  const count = cluster.getChildCount();
  const size = count < 10 ? 36 : count < 100 ? 44 : 52;
  return L.divIcon({
    className: 'venue-cluster',
    html: `<span>${count}<span class="venue-cluster__label"> venues</span></span>`,
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

/** Clustered markers (hundreds of venues stay readable and fast). */
const VenueMarkers = ({ venues, highlightedSlug, onMarkerClick }: Pick<Props, 'venues' | 'highlightedSlug' | 'onMarkerClick'>) => {
  const map = useMap();
  const group = useMemo(
    () => L.markerClusterGroup({ iconCreateFunction: clusterIcon, showCoverageOnHover: false, maxClusterRadius: 50 }),
    [],
  );
  const clickRef = useRef(onMarkerClick);
  useEffect(() => {
    clickRef.current = onMarkerClick;
  }, [onMarkerClick]);

  useEffect(() => {
    map.addLayer(group);
    return () => {
      map.removeLayer(group);
    };
  }, [map, group]);

  useEffect(() => {
    group.clearLayers();
    group.addLayers(
      venues.map((venue) =>
        L.marker([venue.lat, venue.lng], {
          icon: pin(venue.slug === highlightedSlug),
          title: venue.name,
          alt: venue.name,
          riseOnHover: true,
        })
          .bindTooltip(tooltipContent(venue), { direction: 'top' })
          .on('click keypress', () => clickRef.current(venue.slug)),
      ),
    );
  }, [group, venues, highlightedSlug]);
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
const VenueMap = ({ venues, centre, radius, highlightedSlug, onMarkerClick, label }: Props) => {
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
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
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
        <VenueMarkers venues={venues} highlightedSlug={highlightedSlug} onMarkerClick={onMarkerClick} />
      </MapContainer>
    </div>
  );
};

export default VenueMap;
