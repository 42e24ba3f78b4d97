import type { Role } from '../model/schema.js';
import { WEB_ROLES } from '../roles/web.js';
import { normaliseRole } from './role-map.js';

/** A Chromium AX role → the normalised role (roles/web.ts, else the alias table), or null (the raw role is kept verbatim by the importer). */
export function webRole(axRole: string): Role | null {
  const row = WEB_ROLES.get(axRole);
  return row ? row.role : normaliseRole(axRole);
}
