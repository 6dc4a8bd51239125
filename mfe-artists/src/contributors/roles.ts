import { CREDIT_ROLE_NAMES, CREDIT_ROLES, type RoleOption } from '@tunehouse/contracts';
import type { SelectOption } from '@tunehouse/ui';

/** The credit roles as the API names them, or the contract's names until they have loaded. */
export function roleOptions(roles: readonly RoleOption[] | undefined): SelectOption[] {
  return roles
    ? roles.map((role) => ({ value: role.id, label: role.name }))
    : CREDIT_ROLES.map((role) => ({ value: role, label: CREDIT_ROLE_NAMES[role] }));
}
