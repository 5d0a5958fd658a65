import { useCallback, useState } from 'react';
import {
  FEEDBACK_FEATURES,
  FEEDBACK_FEATURE_LABELS,
  FEEDBACK_TYPES,
  FEEDBACK_TYPE_LABELS,
  SHELL_MESSAGES,
  betaFeedbackSchema,
  firstFieldErrors,
  validateWith,
  type BetaFeedbackInput,
  type FeedbackSystemInfo,
} from '@ledgerleaf/domain';
import { errorStatus, fieldErrors, useSendBetaFeedbackMutation } from '@ledgerleaf/api';
import { isBetaVersion } from './beta-flag';
import {
  BetaFeedbackButton,
  BetaFeedbackDialog,
  BetaFeedbackThanks,
  useToast,
  type BetaFeedbackErrors,
  type BetaFeedbackValues,
} from '@ledgerleaf/ui';

/** What the browser says about itself (SPEC.md section 3): browser, os, screen size, current page. */
export function collectSystemInfo(win: Window = window): FeedbackSystemInfo {
  const nav = win.navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    browser: nav.userAgent.slice(0, 500),
    os: (nav.userAgentData?.platform || nav.platform || '').slice(0, 200),
    screenSize: `${win.screen.width}x${win.screen.height}`,
    // No query string: it may carry search terms or filters the person did not mean to share.
    currentUrl: `${win.location.origin}${win.location.pathname}`.slice(0, 2000),
  };
}

/** The request body of a filled form. */
export function feedbackPayload(
  values: BetaFeedbackValues,
  systemInfo: FeedbackSystemInfo,
  now: Date = new Date(),
): BetaFeedbackInput {
  return {
    type: values.type as BetaFeedbackInput['type'],
    feature: values.feature as BetaFeedbackInput['feature'],
    rating: values.rating > 0 ? values.rating : null,
    description: values.description,
    systemInfo,
    timestamp: now.toISOString(),
  };
}

/** The same rules (and messages) as the server: domain's betaFeedbackSchema. */
export function validateFeedback(values: BetaFeedbackValues): BetaFeedbackErrors {
  const result = validateWith(betaFeedbackSchema, {
    type: values.type || undefined,
    feature: values.feature || undefined,
    rating: values.rating > 0 ? values.rating : null,
    description: values.description,
  });
  return result.errors as BetaFeedbackErrors;
}

const typeOptions = FEEDBACK_TYPES.map((value) => ({ value, label: FEEDBACK_TYPE_LABELS[value] }));
const featureOptions = FEEDBACK_FEATURES.map((value) => ({ value, label: FEEDBACK_FEATURE_LABELS[value] }));

/** The beta feedback button, form and thank-you dialog (SPEC.md sections 2 to 5 and 8). */
export function BetaFeedback() {
  const [enabled] = useState(isBetaVersion);
  const [formOpen, setFormOpen] = useState(false);
  const [thanksOpen, setThanksOpen] = useState(false);
  const [serverErrors, setServerErrors] = useState<BetaFeedbackErrors>({});
  const [send, { isLoading }] = useSendBetaFeedbackMutation();
  const toast = useToast();
  const closeThanks = useCallback(() => setThanksOpen(false), []);

  if (!enabled) return null;

  const submit = async (values: BetaFeedbackValues): Promise<boolean> => {
    setServerErrors({});
    try {
      await send(feedbackPayload(values, collectSystemInfo())).unwrap();
      setFormOpen(false);
      setThanksOpen(true);
      return true;
    } catch (error) {
      const errors = errorStatus(error as never) === 422 ? fieldErrors(error as never) : null;
      if (errors) {
        setServerErrors(firstFieldErrors(errors) as BetaFeedbackErrors);
        return false;
      }
      toast.show({
        severity: 'error',
        summary: SHELL_MESSAGES.feedbackFailedTitle,
        detail: SHELL_MESSAGES.feedbackFailedMessage,
      });
      return false;
    }
  };

  return (
    <>
      <BetaFeedbackButton onClick={() => setFormOpen(true)} />
      <BetaFeedbackDialog
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        typeOptions={typeOptions}
        featureOptions={featureOptions}
        validate={validateFeedback}
        onSubmit={submit}
        submitting={isLoading}
        serverErrors={serverErrors}
      />
      <BetaFeedbackThanks opened={thanksOpen} onClose={closeThanks} message={SHELL_MESSAGES.feedbackThanksMessage} />
    </>
  );
}
