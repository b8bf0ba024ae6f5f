import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorAnswers } from './error-answer.js';

/**
 * Answers to the failures that happen before Fastify's hooks run: a request the HTTP parser
 * refused or that arrived too slowly, a URL the router cannot decode, an Expect header. Each gets
 * the same contract and security headers as any other error.
 */

/** A request line's target, from the bytes the parser refused; `/` when there is none. */
export function targetOf(rawPacket: unknown): string {
  if (!Buffer.isBuffer(rawPacket)) return '/';
  const line = rawPacket.subarray(0, 2048).toString('latin1');
  // The method may be what the parser refused: whatever precedes the first space.
  return /^[^ \r\n]* (\/[^ \r\n]*)/.exec(line)?.[1] ?? '/';
}

const PARSER_ERRORS: Record<string, [status: number, code: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'header_too_large', 'The request headers are larger than allowed'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'The request took too long to arrive'],
  HPE_INVALID_URL: [400, 'bad_url', 'The request target is not a valid URL'],
  HPE_INVALID_METHOD: [400, 'bad_request', 'The request method is unknown'],
};

type SocketWithResponse = Socket & { _httpMessage?: { headersSent?: boolean } };

/** Fastify's `clientErrorHandler`: the HTTP parser's 400, 408 and 431 in the error contract. */
export function clientErrorHandler(answers: ErrorAnswers) {
  return function (
    this: FastifyInstance,
    error: Error & { code?: string; rawPacket?: unknown },
    socket: Socket,
  ): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code, message] = PARSER_ERRORS[error.code ?? ''] ?? [
      400,
      'bad_request',
      'The request is malformed',
    ];
    this.log.debug({ err: error }, 'client error');
    // As Node does: no answer once a response on this connection has started.
    const inFlight = (socket as SocketWithResponse)._httpMessage;
    if (socket.writable && !inFlight?.headersSent)
      answers.writeToSocket(
        socket,
        answers.answer(targetOf(error.rawPacket), status, code, message),
      );
    socket.destroy(error);
  };
}

/** Fastify's `frameworkErrors`: a URL whose percent-encoding does not decode, or too long a parameter. */
export function frameworkErrors(answers: ErrorAnswers) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [status, code, message] =
      error.code === 'FST_ERR_BAD_URL'
        ? [400, 'bad_url', 'The address is not valid percent-encoded UTF-8']
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [414, 'uri_too_long', 'A part of the address is longer than allowed']
          : [500, 'internal', 'Something went wrong on our side'];
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const answer = answers.answer(request.url, status, code, message);
    void reply.code(status).headers(answer.headers).send(answer.body);
  };
}

/** An Expect header other than 100-continue: Node would answer 417 itself, bare. */
export function answerExpectation(
  answers: ErrorAnswers,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const answer = answers.answer(
    req.url ?? '/',
    417,
    'expectation_failed',
    'Only "Expect: 100-continue" is supported',
  );
  answers.writeTo(res, answer, { connection: 'close' });
}
