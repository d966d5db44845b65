/// <reference lib="webworker" />
import { expose } from 'comlink';
import { IndexHost } from '../search/index-host';

/**
 * The search worker: one IndexHost, exposed to the window through Comlink (search-client.ts is
 * the only other side). Status changes go out as plain messages so the window can show them
 * without asking.
 */
const host = new IndexHost((status) => postMessage({ type: 'index-status', status }));
expose(host);
