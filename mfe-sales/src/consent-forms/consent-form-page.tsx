/**
 * /spousalconsent and /guarantorform: choose the loan application (`?loanId=` chooses it), fill in the
 * signer's details, show them the words they agree to, let them sign on the pad, and save; the saved form
 * is then shown with its PDF. Below, the forms already captured for that loan. Those who may read loans
 * but not apply for them see the forms without the form to capture one.
 */
import { useState } from 'react';
import { Alert, Divider, Flex, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { consentForms } from '@meridian/shared/contract/areas/sales';
import type { ConsentKind, LoanConsent } from '@meridian/shared/contract/loan-consent';
import { useCan } from '@meridian/shared/session/use-can';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { ConsentForm } from './consent-form';
import { ConsentList } from './consent-list';
import { ConsentRecord } from './consent-record';
import { CONSENT_TEXT } from './consent-text';
import { LoanChooser, takesForms } from './loan-chooser';

export function ConsentFormPage({ kind }: { kind: ConsentKind }) {
  const [params, setParams] = useSearchParams();
  const loanId = params.get('loanId');
  const mayCapture = useCan(consentForms, 'capture');
  const [saved, setSaved] = useState<LoanConsent | null>(null);
  const [reloadToken, setReloadToken] = useState(0);

  const choose = (id: string | null) => {
    setSaved(null);
    setParams(id ? { loanId: id } : {}, { replace: false });
  };

  return (
    <PageFrame>
      <LoanChooser loanId={loanId} onChoose={choose}>
        {(loan) => (
          <Flex vertical gap={16}>
            {takesForms(loan) &&
              (!mayCapture ? (
                <Alert type="info" showIcon title={CONSENT_TEXT.cannotCapture} />
              ) : saved ? (
                <ConsentRecord consent={saved} onAnother={() => setSaved(null)} />
              ) : (
                <ConsentForm
                  key={`${kind}-${loan.id}`}
                  kind={kind}
                  loan={loan}
                  onSaved={(consent) => {
                    setSaved(consent);
                    setReloadToken((n) => n + 1);
                  }}
                />
              ))}
            <Divider />
            <Typography.Title level={4}>{CONSENT_TEXT.capturedForms}</Typography.Title>
            <ConsentList loanId={loan.id} reloadToken={reloadToken} />
          </Flex>
        )}
      </LoanChooser>
    </PageFrame>
  );
}
