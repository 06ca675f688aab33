/** What the map needs of a venue; the venue screen maps its venues to this. */
export type MapVenue = { slug: string; name: string; address: string; lat: number | null; lng: number | null };
