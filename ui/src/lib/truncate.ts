// SPEC §9 truncation lengths.
export const TRUNCATE = { clientName: 30, ticketDescription: 50, text: 35, short: 10 } as const;
