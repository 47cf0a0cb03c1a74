import WebSocket from 'ws';

/**
 * The subscriber side of realtime.bench.ts, in its own process so the server's memory is its
 * own: opens N STOMP connections subscribed to /topic/notice and reports, per broadcast, each
 * connection's delivery latency (receipt time minus the notice's `at`).
 */
const [url, token, countText] = process.argv.slice(2) as [string, string, string];
const count = Number(countText);
const send = (message: unknown) => process.send!(message);

const latencies: number[] = [];
let expected = 0;

/**
 * A round is reported once the parent has said it expects one and every notice of it has come.
 * Checked on both events: the notice can arrive over the socket before the parent's "expect"
 * arrives over IPC (on a busy machine it does), and a check on notices alone then waits forever.
 */
function reportRound() {
  if (expected === 0 || latencies.length < expected) return;
  expected = 0;
  send({ kind: 'round', latencies: latencies.splice(0) });
}

function openOne(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['v12.stomp']);
    let subscribed = false;
    ws.on('open', () => {
      ws.send(`CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\0`);
      ws.send(`SUBSCRIBE\nid:0\ndestination:/topic/notice\nreceipt:ready\n\n\0`);
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (!subscribed) {
        if (text.startsWith('ERROR')) reject(new Error(text));
        if (text.includes('receipt-id:ready')) {
          subscribed = true;
          resolve(ws);
        }
        return;
      }
      if (!text.startsWith('MESSAGE')) return;
      const body = text.slice(text.indexOf('\n\n') + 2, text.lastIndexOf('\0'));
      const at = Date.parse((JSON.parse(body) as { at: string }).at);
      latencies.push(Date.now() - at);
      reportRound();
    });
    ws.on('error', reject);
    ws.on('close', (code) => {
      if (!subscribed) reject(new Error(`closed before subscribing (${code})`));
    });
  });
}

const sockets: WebSocket[] = [];
for (let i = 0; i < count; i += 200) {
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(200, count - i) }, openOne))));
  if (process.env.BENCH_RT_DEBUG) console.log('opened', sockets.length);
}
process.on('message', (message: { kind: string }) => {
  if (message.kind === 'expect') {
    expected = count;
    reportRound();
  }
  if (message.kind === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
send({ kind: 'ready' });
