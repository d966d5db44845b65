import { connect, createServer, type Socket } from 'node:net';

/**
 * A loopback relay between the desktops and the sandbox that can keep one request's answer from
 * reaching the desktop: armed with a request line ("POST /pay "), the connection that carries it
 * still reaches the sandbox, which processes the request and answers, but the answer stops here.
 * The desktop waits for it, mid-send, while the service has already moved the money: the moment
 * the kill test SIGKILLs it. The desktops' profile points here, so both share one service address.
 */
export interface AnswerHold {
  port: number;
  /** Holds the answer of the next request starting with this line (until release). */
  arm(requestLine: string): void;
  /** Answers that left the sandbox and are being held. */
  heldAnswers(): number;
  /** Stops holding: the held connections are cut (their desktop is gone by then). */
  release(): void;
  close(): Promise<void>;
}

interface Relayed {
  desktop: Socket;
  sandbox: Socket;
  holding: boolean;
  answered: boolean;
}

export async function startAnswerHold(target: { host: string; port: number }): Promise<AnswerHold> {
  const open = new Set<Relayed>();
  let armed: string | null = null;
  const server = createServer((desktop) => {
    const r: Relayed = { desktop, sandbox: connect(target.port, target.host), holding: false, answered: false };
    open.add(r);
    desktop.on('data', (chunk: Buffer) => {
      if (armed !== null && chunk.toString('latin1').startsWith(armed)) {
        r.holding = true;
        armed = null;
      }
      r.sandbox.write(chunk);
    });
    r.sandbox.on('data', (chunk: Buffer) => {
      if (r.holding) r.answered = true;
      else desktop.write(chunk);
    });
    const end = () => {
      open.delete(r);
      desktop.destroy();
      r.sandbox.destroy();
    };
    for (const socket of [desktop, r.sandbox]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the relay has no port');
  return {
    port: address.port,
    arm: (line) => {
      armed = line;
    },
    heldAnswers: () => [...open].filter((r) => r.holding && r.answered).length,
    release: () => {
      armed = null;
      for (const r of [...open]) if (r.holding) r.desktop.destroy();
    },
    close: async () => {
      for (const r of [...open]) r.desktop.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
