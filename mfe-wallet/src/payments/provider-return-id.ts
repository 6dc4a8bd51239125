/** A payment or set-up id as the provider hands it back in the return address; anything else names nothing. */
export const PROVIDER_RETURN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
