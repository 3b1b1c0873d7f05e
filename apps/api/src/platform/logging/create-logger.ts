import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../../config.ts';
import { loggableError } from '../http/loggable-error.ts';
import { loggablePath } from './loggable-path.ts';

/** Headers that carry credentials are never written, wherever a header object ends up in a log. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
];

interface RequestLike {
  method?: string;
  url?: string;
}

export const loggerOptions = (level: Config['logLevel']): LoggerOptions => ({
  level,
  redact: { paths: REDACT, censor: '[redacted]' },
  serializers: {
    // Only what identifies the request: never headers, query strings or bodies.
    req: (req: RequestLike) => ({ method: req.method, path: loggablePath(req.url ?? '/') }),
    res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    // Message, code, stack and causes; never a database error's parameters.
    err: loggableError,
  },
});

/**
 * The process's one logger (Fastify's): JSON lines in production and tests, readable colour lines in
 * development. `destination` lets tests capture what would be written.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  const options = loggerOptions(config.logLevel);
  if (destination) return pino(options, destination);
  if (config.nodeEnv === 'development') {
    return pino(
      options,
      pretty({
        colorize: pretty.isColorSupported,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId,http',
        singleLine: true,
        sync: true,
      }),
    );
  }
  return pino(options);
}
