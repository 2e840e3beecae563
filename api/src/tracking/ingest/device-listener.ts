import type { AddressInfo, Server } from 'node:net';

/** A device server on its port. */
export interface Listener {
  port: number;
  /** Stops accepting, lets the work in flight finish (up to a grace period), then closes every connection. */
  close(): Promise<void>;
}

/** A port another process holds: said plainly, with the setting that moves it. */
export class PortInUseError extends Error {
  constructor(protocol: string, port: number, variable: string) {
    super(`The ${protocol} device server cannot listen on port ${port}: it is in use. Free it, or set ${variable} to another port.`);
  }
}

/** Binds the server; resolves with the port it got (port 0 asks the system for a free one). */
export function listenOn(server: Server, port: number, host: string, names: { protocol: string; variable: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(names.protocol, port, names.variable) : error);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
