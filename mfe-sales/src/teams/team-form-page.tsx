/**
 * A new sales team (/sales/teams/add) or an existing one (/sales/teams/edit/:id): its name, type,
 * leader and members, the people chosen from the agents of the acting tenant's subtree (searched on
 * the server as the user types). Checked as the user types against the contract's rules; a refusal (a
 * name another team of the tenant has, say) keeps what was typed and puts the server's messages on
 * the fields. Saving goes back to the list.
 */
import { useMemo, useState } from 'react';
import { App, Col, Row } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TEAM_TYPES, type Team } from '@meridian/shared/contract/team';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { AgentField } from '../parts/person-select';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import {
  emptyTeamForm,
  knownPeople,
  TEAM_FORM_FIELDS,
  teamFormSchema,
  teamFormValuesOf,
  toTeamBody,
  type TeamFormInput,
  type TeamFormValues,
} from './team-form-schema';
import { TEAMS_LIST_PATH } from './team-paths';
import { TEAM_TEXT } from './team-text';

const TYPE_CHOICES = TEAM_TYPES.map((t) => ({ value: t.Id, label: t.name }));

function TeamForm({ team }: { team?: Team }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const known = useMemo(() => knownPeople(team), [team]);
  const { control, handleSubmit, setError, formState } = useForm<TeamFormInput, unknown, TeamFormValues>({
    resolver: zodResolver(teamFormSchema),
    mode: 'onChange',
    defaultValues: team ? teamFormValuesOf(team) : emptyTeamForm(),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (team) await api.put<Team>(`/api/teams/${encodeURIComponent(team.Id)}`, toTeamBody(values));
      else await api.post<Team>('/api/teams', toTeamBody(values));
      void message.success(team ? TEAM_TEXT.teamSaved : TEAM_TEXT.teamCreated);
      void navigate(TEAMS_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, TEAM_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <TextField control={control} name="name" label={TEAM_TEXT.teamName} autoComplete="off" autoFocus={!team} />
        </Col>
        <Col xs={24} md={10}>
          <SelectField control={control} name="teamType" label={TEAM_TEXT.type} options={TYPE_CHOICES} />
        </Col>
        <Col span={24}>
          <AgentField
            control={control}
            name="leaderUserId"
            label={TEAM_TEXT.leader}
            known={known}
            placeholder={TEAM_TEXT.chooseLeader}
            extra={TEAM_TEXT.leaderHint}
          />
        </Col>
        <Col span={24}>
          <AgentField
            control={control}
            name="teamMembers"
            label={TEAM_TEXT.members}
            multiple
            known={known}
            placeholder={TEAM_TEXT.chooseMembers}
            extra={TEAM_TEXT.membersHint}
          />
        </Col>
      </Row>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{team ? MESSAGES.save : TEAM_TEXT.createTeam}</SubmitButton>
    </FormFrame>
  );
}

const backToTeams = <LinkButton to={TEAMS_LIST_PATH}>{TEAM_TEXT.backToTeams}</LinkButton>;

function EditTeam({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<Team>(`/api/teams/${encodeURIComponent(id)}`, { signal }).then((r) => r.data), [id]);
  return (
    <PageFrame subtitle={loaded.status === 'loaded' ? loaded.data.name : undefined} actions={backToTeams}>
      <LoadPanel state={loaded}>{(team) => <TeamForm key={team.Id} team={team} />}</LoadPanel>
    </PageFrame>
  );
}

export default function TeamFormPage() {
  const { id } = useParams();
  if (id) return <EditTeam id={id} />;
  return (
    <PageFrame actions={backToTeams}>
      <TeamForm />
    </PageFrame>
  );
}
