import { WALLET_MUTATION_TYPE_NAMES, centsToDecimal } from '@tunehouse/contracts';
import { numberCell, toCsv } from './csv.js';
import type { ExportedMutation } from './mutations.js';

/** The mutations as CSV, newest first: one line each, amounts in the currency's decimals. */
export function mutationsCsv(mutations: readonly ExportedMutation[], currency: string): string {
  return toCsv(
    [
      'Date',
      'Type',
      `Amount (${currency})`,
      `Balance after (${currency})`,
      'Period month',
      'Release',
      'Split',
    ],
    mutations.map((mutation) => [
      mutation.date,
      WALLET_MUTATION_TYPE_NAMES[mutation.type],
      numberCell(centsToDecimal(mutation.amount)),
      numberCell(centsToDecimal(mutation.balanceAfter)),
      mutation.periodMonth,
      mutation.releaseTitle,
      mutation.splitId,
    ]),
  );
}
