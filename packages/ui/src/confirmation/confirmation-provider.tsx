import { createContext, useCallback, useContext, useEffect, useReducer, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { whenIdle } from '../layout/when-idle';
import type { ConfirmationDialog as DialogComponent, ConfirmationOptions } from './confirmation-dialog';

// The dialog (Mantine's Modal with its focus trap, scroll lock and scroll area: about 30 KiB
// gzipped) is loaded by the first screen that can ask (`useConfirm`), not with the app: the sign-in
// page never asks and does not download it.
let loadedDialog: typeof DialogComponent | null = null;
let loadingDialog: Promise<void> | null = null;

/**
 * Loads the confirmation dialog's code. `useConfirm` calls it once the browser is idle after its
 * screen mounts, so the dialog is there by the time a person clicks; test setups await it so the first question renders
 * in the same act() as in the browser.
 */
export function preloadConfirmationDialog(): Promise<void> {
  loadingDialog ??= import('./confirmation-dialog').then((module) => {
    loadedDialog = module.ConfirmationDialog;
  });
  return loadingDialog;
}

/** Resolves `true` when confirmed; rejects with `false` when cancelled (SPEC.md section 4). */
export type ConfirmFn = (options?: ConfirmationOptions) => Promise<true>;

interface Request {
  options: ConfirmationOptions;
  resolve: (value: true) => void;
  reject: (reason: false) => void;
}

const ConfirmContext = createContext<ConfirmFn | null>(null);

/**
 * Holds the one global confirmation dialog. Requests made while a dialog is open wait in a
 * queue, so two callers never overwrite each other's question.
 */
export function ConfirmationProvider({ children }: { children?: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const queueRef = useRef(queue);
  const settled = useRef(new WeakSet<Request>());
  // Keeps the last question on screen while the dialog plays its closing transition.
  const lastOptions = useRef<ConfirmationOptions>({});
  const current = queue[0];
  // Mounted from the first question on, so later ones open at once and closing still transitions.
  const [asked, setAsked] = useState(false);
  if (current !== undefined && !asked) setAsked(true);
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const Dialog = loadedDialog;
  useEffect(() => {
    if (asked && !Dialog) void preloadConfirmationDialog().then(loaded);
  }, [asked, Dialog]);

  useEffect(() => {
    queueRef.current = queue;
    if (queue[0]) lastOptions.current = queue[0].options;
  }, [queue]);

  const confirm = useCallback<ConfirmFn>(
    (options = {}) =>
      new Promise<true>((resolve, reject) => {
        setQueue((q) => [...q, { options, resolve, reject }]);
      }),
    [],
  );

  const settle = useCallback((confirmed: boolean) => {
    const head = queueRef.current[0];
    // A double click (or Escape right after Cancel) must settle one request, not two.
    if (!head || settled.current.has(head)) return;
    settled.current.add(head);
    setQueue((q) => (q[0] === head ? q.slice(1) : q));
    if (confirmed) head.resolve(true);
    else head.reject(false);
  }, []);

  // Unmounting with open requests cancels them rather than leaving promises pending forever.
  useEffect(
    () => () => {
      for (const request of queueRef.current) request.reject(false);
    },
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {asked && Dialog && (
        <Dialog
          opened={current !== undefined}
          {...(current?.options ?? lastOptions.current)}
          onConfirm={() => settle(true)}
          onCancel={() => settle(false)}
        />
      )}
    </ConfirmContext.Provider>
  );
}

/** Opens the global confirmation dialog: `await confirm({ type: 'danger', ... })`. */
export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  useEffect(() => {
    // Once the browser is idle: the screen draws first (on slow 4G the dialog's file was one more
    // request before the first screen's paint), and the code is there long before anyone clicks.
    // A question asked before still loads it (the provider's `asked`).
    return whenIdle(() => void preloadConfirmationDialog(), 2000, 200);
  }, []);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmationProvider> (or <UiProvider>)');
  return confirm;
}

/** `confirm` that answers false on Cancel rather than rejecting: `if (!(await ask({ ... }))) return;`. */
export type AskFn = (options?: ConfirmationOptions) => Promise<boolean>;

/** The global confirmation dialog as a yes/no question. */
export function useAsk(): AskFn {
  const confirm = useConfirm();
  return useCallback(
    (options) =>
      confirm(options).then(
        () => true,
        () => false,
      ),
    [confirm],
  );
}
