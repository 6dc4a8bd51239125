/** A refusal of the area tool, said to its user in one line (no stack): a wrong name, version or origin. */
export class AreaToolError extends Error {}
