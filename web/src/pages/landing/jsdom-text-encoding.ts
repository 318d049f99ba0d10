// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time. Imported first by tests that
// render router links (remove once web/test/setup.ts provides them).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
