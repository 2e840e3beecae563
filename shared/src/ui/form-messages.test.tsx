/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { TARGET_METRIC_NAMES, TARGET_METRICS } from '../contract/target';
import { choice } from '../validation-messages';
import { typist, WithoutAntdStyles } from '../testing/page-test-kit';
import { FormFrame, NumberField, SelectField, SubmitButton, TextField } from './form-fields';

// Rules without sentences of their own, as many contract fields are: the messages come from the one source.
const goalSchema = z.object({
  name: z.string().max(60),
  count: z.number().min(1),
  metric: choice(TARGET_METRICS, { labels: TARGET_METRIC_NAMES }),
});
type GoalInput = z.input<typeof goalSchema>;
type Goal = z.output<typeof goalSchema>;

const METRIC_CHOICES = TARGET_METRICS.map((metric) => ({ value: metric, label: TARGET_METRIC_NAMES[metric] }));

function GoalForm({ initial }: { initial: Partial<Record<keyof GoalInput, unknown>> }) {
  const { control, handleSubmit } = useForm<GoalInput, unknown, Goal>({
    resolver: zodResolver(goalSchema),
    mode: 'onChange',
    defaultValues: initial as GoalInput,
  });
  return (
    <FormFrame onSubmit={handleSubmit(() => undefined)}>
      <TextField control={control} name="name" label="Name" />
      <NumberField control={control} name="count" label="Count" />
      <SelectField control={control} name="metric" label="Metric" options={METRIC_CHOICES} />
      <SubmitButton busy={false}>Save</SubmitButton>
    </FormFrame>
  );
}

const renderForm = (initial: Partial<Record<keyof GoalInput, unknown>>) =>
  render(
    <WithoutAntdStyles>
      <GoalForm initial={initial} />
    </WithoutAntdStyles>,
  );

describe('form fields show validation messages a user understands', () => {
  test('text that is too long says how many characters to use', async () => {
    renderForm({ name: '', count: 1, metric: 'LEADS_CREATED' });
    await typist().type(screen.getByRole('textbox', { name: 'Name' }), 'x'.repeat(61));
    expect(await screen.findByText('Use at most 60 characters.')).toBeInTheDocument();
    expect(screen.queryByText(/Too big|expected string/)).not.toBeInTheDocument();
  });

  test('a number below the minimum says what to enter', async () => {
    renderForm({ name: 'Spring', metric: 'LEADS_CREATED' });
    const user = typist();
    await user.type(screen.getByRole('spinbutton', { name: 'Count' }), '-10');
    await user.tab();
    expect(await screen.findByText('Enter 1 or more.')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Count' })).toHaveValue('-10');
  });

  test('a value outside the choices lists them by their labels, not their codes', async () => {
    // A record saved with a metric the product no longer offers.
    renderForm({ name: 'Spring', count: 5, metric: 'SALES_MADE' });
    await typist().click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Choose one of: Activities completed, Activities planned, Leads created, Leads converted, Clients added.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/ACTIVITIES_COMPLETED/)).not.toBeInTheDocument();
  });
});
