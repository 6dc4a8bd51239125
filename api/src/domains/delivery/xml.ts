import { create } from 'xmlbuilder2';

/** The few DOM members delivery reads from a parsed document (the API compiles without the DOM library). */
export type XmlElement = {
  readonly nodeType: number;
  readonly tagName: string;
  readonly namespaceURI: string | null;
  readonly textContent: string | null;
  readonly parentNode: XmlElement | null;
  readonly childNodes: ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
};
export type XmlDocument = {
  readonly documentElement: XmlElement | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
};

/** Parses XML into xmlbuilder2's DOM (lenient: check well-formedness first where it matters, schema/validate.ts). */
export function parseXml(xml: string): XmlDocument {
  return create(xml).node as unknown as XmlDocument;
}

/** The text of every `tag` element under `node`, in document order. */
export function textsOf(node: XmlDocument | XmlElement, tag: string): string[] {
  return Array.from(node.getElementsByTagName(tag), (element) => element.textContent ?? '');
}

/** The direct children of `element` named `tag`. */
export function childrenOf(element: XmlElement, tag: string): XmlElement[] {
  return Array.from(element.childNodes).filter((child) => child.nodeType === 1 && child.tagName === tag);
}
