import { z } from 'zod';

/** PUT /api/staff/maintenance: put the site into maintenance (the theme answers 503) or take it out. */
export const ZSetMaintenanceRequest = z.object({ enabled: z.boolean() }).strict();
export type SetMaintenanceRequest = z.infer<typeof ZSetMaintenanceRequest>;

export const ZSetMaintenanceResponse = z.object({ data: ZSetMaintenanceRequest });
export type SetMaintenanceResponse = z.infer<typeof ZSetMaintenanceResponse>;
