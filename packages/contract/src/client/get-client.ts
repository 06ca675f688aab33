import { z } from 'zod';

/** Client of spec §3 on the wire (snake_case, wrapped in `data`). */
export const ZClient = z.object({
  id: z.number().int(),
  /**
   * The operator's name (`clients.name`): what the site's header shows without a logo (and the
   * logo's text alternative), the same name the emails come from and the 3-D Secure page names
   * as the merchant (issue 21).
   */
  name: z.string(),
  currency: z.object({ symbol: z.string() }),
  online_joining_enabled: z.boolean(),
  kiosk_home_url: z.string().nullable(),
  online_guest_passes_enabled: z.boolean(),
  /** Google Tag Manager container; null when the client has none configured. */
  analytics: z
    .object({
      container_id: z.string(),
      auth: z.string().nullable(),
      preview: z.string().nullable(),
    })
    .nullable(),
});
export type ClientWire = z.infer<typeof ZClient>;

/** GET /api/client: the settings of the request's client (no parameters). */
export const ZGetClientResponse = z.object({ data: ZClient });
export type GetClientResponse = z.infer<typeof ZGetClientResponse>;
