// What every handler receives: the session once `initialize` has made it, and the connection.
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import type { Session } from '../session.ts';

export interface Context {
  connection: Connection;
  /** The session; a request before `initialize` is answered with ServerNotInitialized. */
  session(): Session;
}

export function createContext(connection: Connection): Context & { start(session: Session): void } {
  let current: Session | undefined;
  return {
    connection,
    session() {
      if (!current) throw new ResponseError(ErrorCodes.ServerNotInitialized, 'the server is not initialized');
      return current;
    },
    start(session: Session) {
      current = session;
    },
  };
}
