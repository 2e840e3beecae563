/**
 * Add a user (/admin/users/add) or edit one (/admin/users/edit/:id): name, user name, e-mail, mobile,
 * roles and tenants, and on add an optional password (without one the server e-mails the user a link
 * to choose their own). Fields are checked as the user types, against the contract's rules; the
 * e-mail, user name and mobile are also checked against other users after a pause in typing. A
 * refusal keeps what was typed and puts the server's messages on the fields. Saving goes back to the
 * list. The edit page also shows the user's recent sign-ins.
 */
import { users } from '@meridian/shared/contract/areas/admin';
import { useMemo, useState } from 'react';
import { Alert, App, Button, Col, Flex, Row } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { LoginHistoryPanel } from './login-history-panel';
import { TAKEN_MESSAGES, useExistenceCheck } from './use-existence-check';
import { useRoleChoices } from './use-role-choices';
import { useTenantChoices } from './use-tenant-choices';
import { fullName } from '@meridian/shared/format';
import { emptyUserForm, toCreateBody, toUpdateBody, USER_FORM_FIELDS, userFormSchema, type UserFormInput } from './user-form-schema';
import { USER_TEXT } from './user-text';

export const USERS_LIST_PATH = users.screens.list;

const formValuesOf = (user: User): UserFormInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  userName: user.userName,
  emailAddress: user.emailAddress,
  mobile: user.mobile,
  roleIds: user.roles.map((r) => r.Id),
  // The server answers the home tenant first, and the first tenant saved is the home tenant.
  tenantIds: user.tenants.map((t) => t.Id),
  password: null,
});

/** Choices from the lists, plus what the user already has but the acting administrator cannot list (so no bare id shows). */
function withCurrent(choices: { value: string; label: string }[], current: readonly { Id: string; name: string }[]) {
  const known = new Set(choices.map((c) => c.value));
  return [...choices, ...current.filter((c) => !known.has(c.Id)).map((c) => ({ value: c.Id, label: c.name }))];
}

function UserForm({ user }: { user?: User }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const roles = useRoleChoices();
  const tenants = useTenantChoices();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(userFormSchema),
    mode: 'onChange',
    defaultValues: user ? formValuesOf(user) : emptyUserForm(),
  });

  const [emailAddress, userName, mobile] = useWatch({ control, name: ['emailAddress', 'userName', 'mobile'] });
  const knownTaken = useExistenceCheck({
    values: { emailAddress, userName, mobile },
    onTaken: (field, text) => setError(field, { type: 'taken', message: text }),
    own: user ? { id: user.Id, values: { emailAddress: user.emailAddress, userName: user.userName, mobile: user.mobile } } : undefined,
  });

  const roleOptions = useMemo(() => withCurrent(roles.byId, user?.roles ?? []), [roles.byId, user]);
  const tenantOptions = useMemo(() => withCurrent(tenants.flat, user?.tenants ?? []), [tenants.flat, user]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const taken = knownTaken(values);
    if (taken.length > 0) {
      for (const field of taken) setError(field, { type: 'taken', message: TAKEN_MESSAGES[field] }, { shouldFocus: true });
      return;
    }
    try {
      if (user) await api.put<User>(`/api/users/${encodeURIComponent(user.Id)}`, toUpdateBody(values));
      else await api.post<User>('/api/users', toCreateBody(values));
      void message.success(user ? USER_TEXT.userSaved : USER_TEXT.userCreated);
      void navigate(USERS_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, USER_FORM_FIELDS, setError));
    }
  });

  const half = { xs: 24, md: 12 };
  return (
    <FormFrame onSubmit={submit}>
      {(roles.failed || tenants.failed) && (
        <Alert
          type="error"
          showIcon
          title={USER_TEXT.choicesFailed}
          style={{ marginBottom: 16 }}
          action={
            <Button
              size="small"
              onClick={() => {
                if (roles.failed) roles.reload();
                if (tenants.failed) tenants.reload();
              }}
            >
              {MESSAGES.retry}
            </Button>
          }
        />
      )}
      <Row gutter={16}>
        <Col {...half}>
          <TextField control={control} name="firstName" label={MESSAGES.firstName} autoComplete="off" autoFocus />
        </Col>
        <Col {...half}>
          <TextField control={control} name="lastName" label={MESSAGES.lastName} autoComplete="off" />
        </Col>
        <Col {...half}>
          <TextField control={control} name="userName" label={MESSAGES.userName} autoComplete="off" />
        </Col>
        <Col {...half}>
          <TextField control={control} name="emailAddress" label={MESSAGES.emailAddress} type="email" autoComplete="off" />
        </Col>
        <Col {...half}>
          <TextField control={control} name="mobile" label={MESSAGES.mobile} type="tel" autoComplete="off" emptyAsNull />
        </Col>
        {!user && (
          <Col {...half}>
            <TextField
              control={control}
              name="password"
              label={USER_TEXT.userPasswordOptional}
              type="password"
              autoComplete="new-password"
              emptyAsNull
              extra={USER_TEXT.userPasswordHint}
            />
          </Col>
        )}
        <Col span={24}>
          <SelectField
            control={control}
            name="roleIds"
            label={MESSAGES.roles}
            options={roleOptions}
            multiple
            loading={roles.loading}
            placeholder={USER_TEXT.chooseRoles}
          />
        </Col>
        <Col span={24}>
          <SelectField
            control={control}
            name="tenantIds"
            label={MESSAGES.tenants}
            options={tenantOptions}
            multiple
            loading={tenants.loading}
            placeholder={USER_TEXT.chooseTenants}
            extra={USER_TEXT.homeTenantHint}
          />
        </Col>
      </Row>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting} disabled={Boolean(user?.dateDeleted)}>
        {user ? MESSAGES.save : USER_TEXT.createUser}
      </SubmitButton>
    </FormFrame>
  );
}

const backToUsers = <LinkButton to={USERS_LIST_PATH}>{MESSAGES.backToUsers}</LinkButton>;

function EditUser({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<User>(`/api/users/${encodeURIComponent(id)}`, { signal }), [id]);
  const user = loaded.status === 'loaded' ? loaded.data.data : null;
  return (
    <Flex vertical gap={16}>
      <PageFrame subtitle={user ? fullName(user) : undefined} actions={backToUsers}>
        <LoadPanel state={loaded}>
          {({ data }) => (
            <>
              {data.dateDeleted && <Alert type="warning" showIcon title={USER_TEXT.userIsDeleted} style={{ marginBottom: 16 }} />}
              <UserForm key={data.Id} user={data} />
            </>
          )}
        </LoadPanel>
      </PageFrame>
      {user && <LoginHistoryPanel user={user} />}
    </Flex>
  );
}

export default function UserFormPage() {
  const { id } = useParams();
  if (id) return <EditUser id={id} />;
  return (
    <PageFrame actions={backToUsers}>
      <UserForm />
    </PageFrame>
  );
}
