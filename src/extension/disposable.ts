import type * as vscode from 'vscode';

/** Owns every subscription a feature creates; disposing it disposes them all, newest first. */
export class Disposable implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  /** True once disposed: work still running then must not start more (timers, polls). */
  protected get isDisposed(): boolean {
    return this.disposed;
  }

  protected register<T extends vscode.Disposable>(value: T): T {
    if (this.disposed) {
      value.dispose();
    } else {
      this.disposables.push(value);
    }
    return value;
  }

  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    while (this.disposables.length > 0) {
      this.disposables.pop()?.dispose();
    }
  }
}
