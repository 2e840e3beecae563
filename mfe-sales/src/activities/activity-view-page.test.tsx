import { screen, waitFor, within } from '@testing-library/react';
import type { ActivityAssignment } from '@meridian/shared/contract/activity';
import { api } from '@meridian/shared/http/api';
import { saveFile } from '@meridian/shared/http/save-file';
import { MESSAGES, offlineNoticeMessage } from '@meridian/shared/messages';
import ActivityViewPage from './activity-view-page';
import {
  ACTIVITY_ID,
  AGENT_ID,
  confirmDialog,
  deviceAt,
  deviceRefuses,
  fail,
  fakeServer,
  FILE_ID,
  fullActivity,
  ok,
  openPicker,
  pickOption,
  renderAppPage,
  resetSession,
  setOnline,
  signInAgent,
  signInManager,
  sipho,
  lerato,
  myWorkItem,
  page,
  startFieldWork,
  STATUS,
  typist,
  writes,
  type FakeCall,
} from './activity-test-kit';
import { ACTIVITY_TEXT } from './activity-text';
import { keepMyWorkForOffline, keptDay } from './my-work-offline';

jest.mock('@meridian/shared/http/save-file', () => ({ saveFile: jest.fn() }));

const openView = () =>
  renderAppPage(<ActivityViewPage />, { path: '/sales/activities/:id/view', at: `/sales/activities/${ACTIVITY_ID}/view` });

const assignment = (statusId: string, statusText: string): ActivityAssignment => ({
  Id: '80000000-0000-4000-8000-000000000001',
  activityId: ACTIVITY_ID,
  userId: AGENT_ID,
  firstName: 'Lerato',
  lastName: 'Dube',
  statusId,
  statusText,
  dateCreated: '2026-11-20T08:00:00.000Z',
  dateModified: '2026-11-22T08:00:00.000Z',
  history: [
    {
      statusId,
      statusText,
      latitude: -26.2041,
      longitude: 28.0473,
      accuracy: 12,
      changedByUserId: AGENT_ID,
      changedBy: 'Lerato Dlamini',
      dateCreated: '2026-11-22T08:00:00.000Z',
    },
  ],
});

/** The activity, and whatever `more` answers. */
const server = (more: (call: FakeCall) => ReturnType<typeof ok> | undefined = () => undefined) =>
  fakeServer(
    (call) => more(call) ?? (call.method === 'GET' && call.path === `/api/activities/${ACTIVITY_ID}` ? ok(fullActivity()) : undefined),
  );

const statusUpdates = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/activities/updateAssignmentStatus');
const fileUpdates = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/activities/update-assignment-files');

afterEach(resetSession);
jest.setTimeout(60_000);

describe('activity page', () => {
  test('shows the details, the assignments and the files', async () => {
    signInAgent();
    server();
    openView();
    expect(await screen.findByText('Visit Thandiwe Mokoena')).toBeInTheDocument();
    expect(screen.getByText('Soweto, Vilakazi Street · -26.238900, 27.908900')).toBeInTheDocument();
    expect(screen.getByText('Lerato Dube')).toBeInTheDocument();
    expect(within(screen.getByText('agreement.pdf').closest('tr')!).getByText('Lerato Dlamini')).toBeInTheDocument();
  });

  test('opened from My Work, the page leads back to My Work; opened otherwise, to the list', async () => {
    signInAgent();
    server();
    const fromMyWork = renderAppPage(<ActivityViewPage />, {
      path: '/sales/activities/:id/view',
      at: {
        pathname: `/sales/activities/${ACTIVITY_ID}/view`,
        state: { cameFrom: { path: '/agents/landingpage', label: ACTIVITY_TEXT.backToMyWork } },
      },
    });
    expect(await screen.findByText('Visit Thandiwe Mokoena')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: ACTIVITY_TEXT.backToActivities })).not.toBeInTheDocument();
    await typist().click(screen.getByRole('link', { name: ACTIVITY_TEXT.backToMyWork }));
    expect(fromMyWork.location().pathname).toBe('/agents/landingpage');
    fromMyWork.unmount();

    const fromTheList = openView();
    expect(await screen.findByText('Visit Thandiwe Mokoena')).toBeInTheDocument();
    await typist().click(screen.getByRole('link', { name: ACTIVITY_TEXT.backToActivities }));
    expect(fromTheList.location().pathname).toBe('/sales/activities');
  });

  test('opening an assignment shows its status history with the position and author of each change', async () => {
    signInManager();
    const { calls } = server((call) =>
      call.path === `/api/activities/get-activity-assignment/${ACTIVITY_ID}/${AGENT_ID}`
        ? ok(assignment(STATUS.inProgress, 'In progress'))
        : undefined,
    );
    openView();
    await typist().click(await screen.findByText('Lerato Dube'));
    const change = (await screen.findByText('-26.204100, 28.047300 (±12 m)')).closest('tr')!;
    expect(within(change as HTMLElement).getByText('Lerato Dlamini')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/activities/get-activity-assignment/'))).toHaveLength(1);
  });

  test("the assignee's status change sends the device's position with it", async () => {
    signInAgent();
    deviceAt(-26.2041, 28.0473, 12);
    const { calls } = server((call) =>
      call.method === 'PUT' && call.path === '/api/activities/updateAssignmentStatus'
        ? ok(assignment(STATUS.inProgress, 'In progress'), 'Status updated.')
        : undefined,
    );
    openView();
    await screen.findByText('agreement.pdf');

    openPicker('Status of Lerato Dube');
    await waitFor(() => pickOption('In progress'));

    expect(await screen.findByText(ACTIVITY_TEXT.statusUpdated)).toBeInTheDocument();
    expect(statusUpdates(calls).map((c) => c.body)).toEqual([
      {
        userId: AGENT_ID,
        updatingUserId: AGENT_ID,
        activityId: ACTIVITY_ID,
        statusId: STATUS.inProgress,
        statusText: 'In progress',
        latitude: -26.2041,
        longitude: 28.0473,
        accuracy: 12,
      },
    ]);
    // No GPS failure to report.
    expect(calls.some((c) => c.path === '/api/error_log')).toBe(false);
  });

  test('without a position the user is told, the failure is logged, the update still goes, and the location-required refusal is shown', async () => {
    signInAgent();
    deviceRefuses(1);
    const { calls } = server((call) =>
      call.method === 'PUT' && call.path === '/api/activities/updateAssignmentStatus'
        ? fail(400, 'LOCATION_REQUIRED', MESSAGES.enableLocation)
        : undefined,
    );
    openView();
    await screen.findByText('agreement.pdf');

    openPicker('Status of Lerato Dube');
    await waitFor(() => pickOption('Completed'));

    expect(await screen.findByText(MESSAGES.gpsUnavailable)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.enableLocation)).toBeInTheDocument();
    const logged = calls.find((c) => c.path === '/api/error_log')!;
    expect(logged).toMatchObject({ method: 'POST', body: { entityId: ACTIVITY_ID, entityType: 'activity_status' } });
    expect((logged.body as { errorDetail: string }).errorDetail).toContain(MESSAGES.geoDenied);
    // The server decides: the update was sent with the 999 placeholder.
    expect(statusUpdates(calls).map((c) => c.body)).toEqual([
      expect.objectContaining({ statusId: STATUS.completed, latitude: 999, longitude: 999, accuracy: null }),
    ]);
    // The control shows the status the assignment still has.
    expect(
      within(screen.getByRole('combobox', { name: 'Status of Lerato Dube' }).closest('.ant-select')!).getByText('Pending'),
    ).toBeInTheDocument();
  });

  test("a field agent changes only their own status; a manager changes anyone's", async () => {
    signInAgent();
    server((call) =>
      call.method === 'GET' && call.path === `/api/activities/${ACTIVITY_ID}`
        ? ok(fullActivity({ assignedUsers: [lerato(), sipho()] }))
        : undefined,
    );
    const first = openView();
    await screen.findByText('agreement.pdf');
    expect(screen.getByRole('combobox', { name: 'Status of Lerato Dube' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status of Sipho Nkosi' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    first.unmount();

    resetSession();
    signInManager();
    server((call) =>
      call.method === 'GET' && call.path === `/api/activities/${ACTIVITY_ID}`
        ? ok(fullActivity({ assignedUsers: [lerato(), sipho()] }))
        : undefined,
    );
    openView();
    expect(await screen.findByRole('combobox', { name: 'Status of Sipho Nkosi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  });

  test('adding a file sends it as multipart with the position, then shows the activity again', async () => {
    signInAgent();
    deviceAt(-26.2041, 28.0473, 8);
    const { calls } = server((call) =>
      call.method === 'PUT' && call.path === '/api/activities/update-assignment-files' ? ok({ added: [], removed: [] }) : undefined,
    );
    openView();
    await screen.findByText('agreement.pdf');
    const photo = new File(['jpeg bytes'], 'shop-front.jpg', { type: 'image/jpeg' });

    await typist().upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, photo);

    expect(await screen.findByText(ACTIVITY_TEXT.fileAdded)).toBeInTheDocument();
    const [sent] = fileUpdates(calls);
    const body = sent!.body as FormData;
    expect(sent!.method).toBe('PUT');
    expect(body.get('activityId')).toBe(ACTIVITY_ID);
    expect(body.get('removedFiles')).toBe('[]');
    expect((body.get('newFiles') as File).name).toBe('shop-front.jpg');
    expect([body.get('latitude'), body.get('longitude'), body.get('accuracy')]).toEqual(['-26.2041', '28.0473', '8']);
    // The activity is read again to show the new file.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === `/api/activities/${ACTIVITY_ID}`)).toHaveLength(2));
  });

  test("offline, adding a file is refused with the spec's answer and nothing is sent", async () => {
    signInAgent();
    const getCurrentPosition = deviceAt(-26.2041, 28.0473, 8);
    const { calls } = server();
    openView();
    await screen.findByText('agreement.pdf');
    setOnline(false);

    await typist().upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['jpeg bytes'], 'shop-front.jpg', { type: 'image/jpeg' }),
    );

    expect(await screen.findByText(MESSAGES.offlineFileUpdate)).toBeInTheDocument();
    expect(fileUpdates(calls)).toEqual([]);
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  test('removing a file asks first; cancelling sends nothing, confirming sends its id', async () => {
    signInAgent();
    deviceAt(-26.2041, 28.0473);
    const { calls } = server((call) =>
      call.method === 'PUT' && call.path === '/api/activities/update-assignment-files' ? ok({ added: [], removed: [FILE_ID] }) : undefined,
    );
    openView();
    const user = typist();

    await user.click(await screen.findByRole('button', { name: 'Remove agreement.pdf' }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    expect(confirmDialog()).toHaveTextContent("Remove 'agreement.pdf'?");
    await user.click(within(confirmDialog()!).getByRole('button', { name: MESSAGES.cancelAction }));
    await waitFor(() => expect(confirmDialog()).toBeNull());
    expect(fileUpdates(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove agreement.pdf' }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    await user.click(within(confirmDialog()!).getByRole('button', { name: MESSAGES.removeAction }));

    expect(await screen.findByText(ACTIVITY_TEXT.fileRemoved)).toBeInTheDocument();
    const body = fileUpdates(calls)[0]!.body as FormData;
    expect(body.get('removedFiles')).toBe(JSON.stringify([FILE_ID]));
    expect(body.get('newFiles')).toBeNull();
  });

  test('a file is downloaded through the shared client and saved under its name', async () => {
    signInAgent();
    server();
    const blob = new Blob(['%PDF']);
    const download = jest.spyOn(api, 'download').mockResolvedValue(blob);
    openView();
    await typist().click(await screen.findByRole('button', { name: 'Download agreement.pdf' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(blob, 'agreement.pdf'));
    expect(download).toHaveBeenCalledWith(`/api/activities/files/${FILE_ID}`);
    download.mockRestore();
  });

  test('deleting the activity asks first, then goes back to the list', async () => {
    signInManager();
    const { calls } = server((call) =>
      call.method === 'POST' && call.path === '/api/activities/delete' ? ok(null, 'Activity deleted.') : undefined,
    );
    const { location } = openView();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    expect(confirmDialog()).toHaveTextContent("Delete the activity 'Visit Thandiwe Mokoena'?");
    await user.click(within(confirmDialog()!).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() => expect(location().pathname).toBe('/sales/activities'));
    expect(writes(calls).map((c) => ({ path: c.path, body: c.body }))).toEqual([
      { path: '/api/activities/delete', body: { id: ACTIVITY_ID } },
    ]);
  });
});

describe('activity page offline', () => {
  const noConnection = (): never => {
    throw new TypeError('Failed to fetch');
  };

  test('says it is offline and what still works, shows the activity as the device kept it, and loads it once back online', async () => {
    signInAgent();
    let reachable = true;
    const { calls } = server((call) => {
      if (!reachable) noConnection();
      if (call.path === '/api/agent/action/latest') return ok({ agentAction: [] });
      return call.path === '/api/activities/agent-my-work-activities'
        ? page([myWorkItem({ assignmentStatusText: 'In progress' })])
        : undefined;
    });
    keepMyWorkForOffline();
    startFieldWork();
    await waitFor(async () => expect((await keptDay())?.items).toHaveLength(1));
    reachable = false;
    setOnline(false);
    openView();

    expect(await screen.findByText(offlineNoticeMessage(ACTIVITY_TEXT.offlineStillWorks))).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.serverError)).not.toBeInTheDocument();
    expect(await screen.findByText(`${ACTIVITY_TEXT.keptActivity} ${MESSAGES.keptOnDevice}`)).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();

    reachable = true;
    setOnline(true);
    await waitFor(() => expect(screen.queryByText(offlineNoticeMessage(ACTIVITY_TEXT.offlineStillWorks))).not.toBeInTheDocument());
    expect(await screen.findByText(ACTIVITY_TEXT.assignments)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `/api/activities/${ACTIVITY_ID}`).length).toBeGreaterThanOrEqual(2);
  });
});
