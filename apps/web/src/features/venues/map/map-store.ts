import { create } from 'zustand';
import { MAP_DEFAULTS, type LatLng } from '@app/contract/rules/geo';

export type MapView = { latitude: number; longitude: number };

/** What the last search found: the place shown and how it was found. */
export type MapData = { placeLabel: string; source: 'search' | 'geolocation' };

/** Map state of spec §3: radius (default 5), search term, searched coordinates, mapData, current view. */
export type MapState = {
  radius: number;
  searchTerm: string;
  searchedCoordinates: LatLng | null;
  mapData: MapData | null;
  view: MapView;
  setRadius: (radius: number) => void;
  setSearchTerm: (term: string) => void;
  showPlace: (coordinates: LatLng, data: MapData) => void;
  setView: (view: MapView) => void;
  reset: () => void;
};

const initial = {
  radius: MAP_DEFAULTS.radius,
  searchTerm: '',
  searchedCoordinates: null,
  mapData: null,
  view: { latitude: MAP_DEFAULTS.latitude, longitude: MAP_DEFAULTS.longitude },
} satisfies Partial<MapState>;

export const useMapStore = create<MapState>((set) => ({
  ...initial,
  setRadius: (radius) => set({ radius }),
  setSearchTerm: (searchTerm) => set({ searchTerm }),
  showPlace: (searchedCoordinates, mapData) =>
    set({ searchedCoordinates, mapData, view: { latitude: searchedCoordinates.lat, longitude: searchedCoordinates.lng } }),
  setView: (view) => set({ view }),
  reset: () => set(initial),
}));

/** Spec §9: mobile is below 576 px. */
export const isMobileViewport = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 575px)').matches;
