import { createOffloadPool } from '/work/wt-perf-exports/apps/server/src/offload/pool.ts';
const pool = createOffloadPool(1);
const head = Promise.resolve({ title: 't', collectivity: { name: 'C', address: 'a', siret: null, email: null, phone: null, paymentInstructions: 'p', dueDays: 30 } as any, terms: { issuedOn: '2025-07-01', dueDate: '2025-08-01', provisional: false }, year: 2025, semester: 1 as const });
async function* items() { }
const out = pool.stream('noticesPdf', head as any, items());
let n = 0;
out.on('data', (c) => { n += c.length; });
out.on('end', () => { console.log('end', n); pool.close(); });
out.on('error', (e) => console.log('err', e));
