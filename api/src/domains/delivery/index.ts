/**
 * Release delivery to the platforms as DDEX ERN 4.3 (docs/decisions/0035-ddex-delivery.md): what the releases
 * domain and main.ts use.
 */
export { createDeliveryService, type DeliveryService } from './service.js';
export {
  DELIVERY_QUEUE,
  type DeliveryJob,
  type DeliveryJobs,
  type DeliveryStatusEvent,
} from './delivery-deps.js';
export { InvalidDeliveryError } from './enqueue.js';
export { albumPlatformEntries, PLATFORM_STATUS_OF, type PlatformDeliveries } from './platform-status.js';
export { DELIVERY_STATUSES, type DeliveryRecord, type DeliveryStatus } from './repository.js';
// For the operator's metrics and page (domains/operations).
export {
  type DeliveryCount,
  deliveryCounts,
  type FailedDelivery,
  failedDeliveries,
} from './operator-reads.js';
export {
  type DeliveryAction,
  type ReleaseForDelivery,
  type ReleaseForDeliveryInput,
  releaseForDeliverySchema,
  STORAGE_REFERENCE,
} from './model.js';
export { buildNewReleaseMessage, type MessageOptions } from './ern43.js';
export { createPlatformTransports, type PlatformTransports } from './transports.js';
export type { Acknowledgement, DeliveryBatch, PlatformTransport, Receipt } from './transport.js';
export { PlatformSimulator } from './simulator.js';
export { PlatformSimulatorSftpServer } from './sftp-simulator.js';
export { SftpTransport } from './sftp-transport.js';
export { defaultErnSchemaLocator } from './schema/default-locator.js';
export type { ErnSchemaSource, SchemaLookup } from './schema/locate.js';
export { checkWellFormed, validateErn } from './schema/validate.js';
