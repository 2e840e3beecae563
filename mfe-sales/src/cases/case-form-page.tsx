/**
 * A new case (/sales/cases/add) or an existing one (/sales/cases/edit/:id): its title, description,
 * status, priority, owner, the client or lead it is about, and its due date. Checked as the user
 * types against the contract's rules; a refusal keeps what was typed and puts the server's messages on
 * the fields. An open case can be closed from here: after a confirmation it is saved as closed, with
 * whatever else was changed.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Col, Flex, Form, Radio, Row } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CASE_PRIORITIES, CASE_PRIORITY_NAMES, CASE_STATUS_NAMES, CASE_STATUSES, type SalesCase } from '@meridian/shared/contract/case';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { DateField } from '../parts/date-field';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { findClients, findLeads, PersonField, UserField, type PersonChoice } from '../parts/person-select';
import {
  CASE_FORM_FIELDS,
  caseAboutOf,
  caseFormSchema,
  caseFormValuesOf,
  emptyCaseForm,
  toCaseBody,
  type CaseAbout,
  type CaseFormInput,
  type CaseFormValues,
} from './case-form-schema';
import { CASES_LIST_PATH } from './case-paths';
import { CASE_TEXT, closeCaseQuestion } from './case-text';
import { isClosed } from './case-status';

const STATUS_CHOICES = CASE_STATUSES.map((status) => ({ value: status, label: CASE_STATUS_NAMES[status] }));
const PRIORITY_CHOICES = CASE_PRIORITIES.map((priority) => ({ value: priority, label: CASE_PRIORITY_NAMES[priority] }));

const named = (id: string | null, name: string | null): PersonChoice[] => (id && name ? [{ value: id, label: name }] : []);

function CaseForm({ salesCase }: { salesCase?: SalesCase }) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const [about, setAbout] = useState<CaseAbout>(caseAboutOf(salesCase));
  const closing = useRef(false);
  const { control, handleSubmit, setError, setValue, formState } = useForm<CaseFormInput, unknown, CaseFormValues>({
    resolver: zodResolver(caseFormSchema),
    mode: 'onChange',
    defaultValues: salesCase ? caseFormValuesOf(salesCase) : emptyCaseForm(),
  });
  const known = useMemo(
    () => ({
      owner: named(salesCase?.ownerUserId ?? null, salesCase?.ownerName ?? null),
      client: named(salesCase?.clientId ?? null, salesCase?.clientName ?? null),
      lead: named(salesCase?.leadId ?? null, salesCase?.leadName ?? null),
    }),
    [salesCase],
  );

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const closed = closing.current;
    closing.current = false;
    try {
      const body = toCaseBody(values, about);
      if (salesCase) await api.put<SalesCase>(`/api/cases/${encodeURIComponent(salesCase.Id)}`, body);
      else await api.post<SalesCase>('/api/cases', body);
      void message.success(closed ? CASE_TEXT.caseClosed : salesCase ? CASE_TEXT.caseSaved : CASE_TEXT.caseCreated);
      void navigate(CASES_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, CASE_FORM_FIELDS, setError));
    }
  });

  const closeCase = (current: SalesCase) =>
    void modal.confirm({
      title: closeCaseQuestion(current.title),
      content: `${CASE_TEXT.closeDetail} ${CASE_TEXT.closeFromFormDetail}`,
      okText: CASE_TEXT.closeAction,
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        setValue('status', 'CLOSED', { shouldDirty: true, shouldValidate: true });
        closing.current = true;
        await submit();
      },
    });

  const chooseAbout = (next: CaseAbout) => {
    setAbout(next);
    if (next !== 'client') setValue('clientId', null);
    if (next !== 'lead') setValue('leadId', null);
  };

  const half = { xs: 24, md: 12 };
  return (
    <FormFrame onSubmit={submit}>
      <Row gutter={16}>
        <Col span={24}>
          <TextField control={control} name="title" label={CASE_TEXT.title} autoComplete="off" autoFocus={!salesCase} />
        </Col>
        <Col span={24}>
          <TextAreaField control={control} name="description" label={CASE_TEXT.description} rows={4} />
        </Col>
        <Col {...half}>
          <SelectField control={control} name="status" label={CASE_TEXT.status} options={STATUS_CHOICES} />
        </Col>
        <Col {...half}>
          <SelectField control={control} name="priority" label={CASE_TEXT.priority} options={PRIORITY_CHOICES} />
        </Col>
        <Col {...half}>
          <UserField
            control={control}
            name="ownerUserId"
            label={CASE_TEXT.owner}
            known={known.owner}
            placeholder={CASE_TEXT.chooseOwner}
            extra={CASE_TEXT.ownerHint}
          />
        </Col>
        <Col {...half}>
          <DateField control={control} name="dueDate" label={CASE_TEXT.dueDate} />
        </Col>
        <Col span={24}>
          <Form.Item label={CASE_TEXT.about}>
            <Radio.Group
              aria-label={CASE_TEXT.about}
              value={about}
              onChange={(event) => chooseAbout(event.target.value as CaseAbout)}
              options={[
                { value: 'none', label: CASE_TEXT.aboutNothing },
                { value: 'client', label: CASE_TEXT.aboutClient },
                { value: 'lead', label: CASE_TEXT.aboutLead },
              ]}
            />
          </Form.Item>
        </Col>
        {about !== 'none' && (
          <Col span={24}>
            {about === 'client' ? (
              <PersonField
                key="client"
                control={control}
                name="clientId"
                label={CASE_TEXT.client}
                find={findClients}
                known={known.client}
              />
            ) : (
              <PersonField key="lead" control={control} name="leadId" label={CASE_TEXT.lead} find={findLeads} known={known.lead} />
            )}
          </Col>
        )}
      </Row>
      <FormAlert text={failure} />
      <Flex vertical gap={8}>
        <SubmitButton busy={formState.isSubmitting}>{salesCase ? MESSAGES.save : CASE_TEXT.createCase}</SubmitButton>
        {salesCase && !isClosed(salesCase.status) && (
          <Button block icon={<CheckCircleOutlined />} disabled={formState.isSubmitting} onClick={() => closeCase(salesCase)}>
            {CASE_TEXT.closeCase}
          </Button>
        )}
      </Flex>
    </FormFrame>
  );
}

const backToCases = <LinkButton to={CASES_LIST_PATH}>{CASE_TEXT.backToCases}</LinkButton>;

function EditCase({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<SalesCase>(`/api/cases/${encodeURIComponent(id)}`, { signal }).then((r) => r.data), [id]);
  return (
    <PageFrame subtitle={loaded.status === 'loaded' ? loaded.data.title : undefined} actions={backToCases}>
      <LoadPanel state={loaded}>{(salesCase) => <CaseForm key={salesCase.Id} salesCase={salesCase} />}</LoadPanel>
    </PageFrame>
  );
}

export default function CaseFormPage() {
  const { id } = useParams();
  if (id) return <EditCase id={id} />;
  return (
    <PageFrame actions={backToCases}>
      <CaseForm />
    </PageFrame>
  );
}
