import { beforeEach, describe, expect, it } from 'vitest';
import { useMapStore } from './map-store.ts';

describe('map state (spec §3)', () => {
  beforeEach(() => useMapStore.getState().reset());

  it('starts with radius 5, no search and the view at 53.59, -2', () => {
    const state = useMapStore.getState();
    expect(state.radius).toBe(5);
    expect(state.searchTerm).toBe('');
    expect(state.searchedCoordinates).toBeNull();
    expect(state.mapData).toBeNull();
    expect(state.view).toEqual({ latitude: 53.59, longitude: -2 });
  });

  it('moves the view to a searched place and keeps what was found', () => {
    useMapStore.getState().showPlace({ lat: 53.6, lng: -2.3 }, { placeLabel: 'Bury, England', source: 'search' });
    const state = useMapStore.getState();
    expect(state.searchedCoordinates).toEqual({ lat: 53.6, lng: -2.3 });
    expect(state.view).toEqual({ latitude: 53.6, longitude: -2.3 });
    expect(state.mapData).toEqual({ placeLabel: 'Bury, England', source: 'search' });
  });

  it('keeps the radius the customer chose', () => {
    useMapStore.getState().setRadius(10);
    expect(useMapStore.getState().radius).toBe(10);
  });
});
