import os from 'node:os';
import path from 'node:path';
import { BESIDE_REPOSITORY } from './default-locator.js';
import type { ErnSchema, SchemaFile } from './ern-schema.js';
import { createErnSchemaLocator, type ErnSchemaSource, type SchemaLookup } from './locate.js';

/**
 * Schemas for tests. The DDEX schema is not part of the repository, so the tests of the platform side bring a
 * small schema of their own: the ERN 4.3 envelope (NewReleaseMessage and its lists, in order) with two parts
 * checked strictly wherever they appear — ReleaseId and Duration — and everything else left open. It imports
 * those parts from a second file, as the DDEX schema imports its allowed-value sets. DDEX's own schema is used,
 * when this machine has it, by the tests that judge the messages themselves (ern43.test.ts).
 */

const ERN_ENVELOPE: SchemaFile = {
  fileName: 'release-notification.xsd',
  contents: `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:ern="http://ddex.net/xml/ern/43"
           targetNamespace="http://ddex.net/xml/ern/43" elementFormDefault="unqualified">
  <xs:import schemaLocation="ern-parts.xsd"/>
  <xs:element name="NewReleaseMessage">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="MessageHeader" type="ern:Open"/>
        <xs:element name="PartyList" type="ern:Open"/>
        <xs:element name="ResourceList" type="ern:Open"/>
        <xs:element name="ReleaseList" type="ern:Open"/>
        <xs:element name="DealList" type="ern:Open" minOccurs="0"/>
      </xs:sequence>
      <xs:anyAttribute namespace="##any" processContents="skip"/>
    </xs:complexType>
  </xs:element>
  <!-- Any content; an element declared in ern-parts.xsd is checked against its declaration. -->
  <xs:complexType name="Open" mixed="true">
    <xs:sequence>
      <xs:any namespace="##any" processContents="lax" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence>
    <xs:anyAttribute namespace="##any" processContents="skip"/>
  </xs:complexType>
</xs:schema>
`,
};

const ERN_PARTS: SchemaFile = {
  fileName: 'ern-parts.xsd',
  contents: `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="Duration" type="xs:duration"/>
  <xs:element name="ReleaseId">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="ICPN" type="xs:string" minOccurs="0"/>
        <xs:element name="CatalogNumber" type="Identifier" minOccurs="0"/>
        <xs:element name="ProprietaryId" type="Identifier" minOccurs="0" maxOccurs="unbounded"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>
  <xs:complexType name="Identifier">
    <xs:simpleContent>
      <xs:extension base="xs:string">
        <xs:attribute name="Namespace" type="xs:string" use="required"/>
      </xs:extension>
    </xs:simpleContent>
  </xs:complexType>
</xs:schema>
`,
};

export const ernEnvelopeSchema: ErnSchema = {
  origin: 'the tests’ ERN envelope',
  files: [ERN_ENVELOPE, ERN_PARTS],
};

/** A schema source that always answers the tests’ ERN envelope. */
export const ernEnvelopeSource: ErnSchemaSource = () =>
  Promise.resolve({ found: true, schema: ernEnvelopeSchema });

/**
 * DDEX's ERN 4.3 schema where this machine has one: DDEX_SCHEMA_DIR, else the reference copy beside the
 * repository — the API's lookup without the download (tests do not go to the network).
 */
export function ddexSchemaForTests(): Promise<SchemaLookup> {
  return createErnSchemaLocator({
    dir: process.env.DDEX_SCHEMA_DIR || undefined,
    candidates: [BESIDE_REPOSITORY],
    cacheDir: path.join(os.tmpdir(), `tunehouse-no-ddex-cache-${process.pid}`),
    publishedUrl: null,
  })();
}
