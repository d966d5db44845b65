/**
 * Service calls in flight, by the request id the renderer gave them, so `service:cancel` can
 * abort them. Only reads are registered: a write that was sent must be seen through to an answer.
 */
export class InFlightCalls {
  private readonly calls = new Map<string, AbortController>();

  /** Runs `work` with a signal that `cancel(requestId)` aborts. */
  async run<T>(requestId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    // A reused id cancels nothing by surprise: the newer call takes the name.
    this.calls.set(requestId, controller);
    try {
      return await work(controller.signal);
    } finally {
      if (this.calls.get(requestId) === controller) this.calls.delete(requestId);
    }
  }

  cancel(requestId: string): boolean {
    const controller = this.calls.get(requestId);
    if (!controller) return false;
    this.calls.delete(requestId);
    controller.abort();
    return true;
  }

  cancelAll(): void {
    for (const c of this.calls.values()) c.abort();
    this.calls.clear();
  }
}
