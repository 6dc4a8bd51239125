/** Leaves the site for the payment provider's hosted checkout (its own page; it comes back to /payments/complete). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
