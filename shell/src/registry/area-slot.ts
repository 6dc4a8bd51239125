export const AREA_SLOT_ID = 'tunehouse-area-slot';

/** Each area renders into its own container inside the shell's content slot. */
export function areaContainer(area: string): HTMLElement {
  const slot = document.getElementById(AREA_SLOT_ID);
  if (!slot) throw new Error('The shell content slot is missing');
  let container = slot.querySelector<HTMLElement>(`:scope > [data-area="${area}"]`);
  if (!container) {
    container = document.createElement('div');
    container.dataset.area = area;
    slot.appendChild(container);
  }
  return container;
}
