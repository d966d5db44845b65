/**
 * The outbox's facts every process agrees on: the rows as stored (rows.ts), how each kind is sent
 * (wire.ts), what an attempt's answer means (classify.ts) and how a movement is found in the
 * service's transactions (movements.ts). The renderer queues and approves solo rows; main sends
 * every row that moves money, solo or team, so both read these from here.
 */
export * from './rows';
