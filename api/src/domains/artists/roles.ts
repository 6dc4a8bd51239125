import {
  ARTIST_ROLE_NAMES,
  ARTIST_ROLES,
  CREDIT_ROLE_NAMES,
  CREDIT_ROLES,
  type RoleOption,
  type RoleScope,
} from '@tunehouse/contracts';

/** GET /v1/artists/roles?scope=: album and track artists take the artist roles, contributors the credit roles. */
export function rolesFor(scope: RoleScope): RoleOption[] {
  if (scope === 'contributor') return CREDIT_ROLES.map((id) => ({ id, name: CREDIT_ROLE_NAMES[id] }));
  return ARTIST_ROLES.map((id) => ({ id, name: ARTIST_ROLE_NAMES[id] }));
}
