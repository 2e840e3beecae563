/**
 * A new report category (/reports/categories/create) or an existing one (/reports/categories/:id/edit): its
 * name, its parent, and the roles and tenants that may see the reports filed in it (none: everyone of the
 * tenant). Checked as the user types against the contract's rules; a refusal puts the server's messages on
 * the fields. Saving goes back to the list.
 */
import { useState } from 'react';
import { App } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReportCategory } from '@meridian/shared/contract/report-category';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import {
  CATEGORY_FORM_FIELDS,
  categoryFormSchema,
  categoryFormValues,
  type CategoryFormInput,
  type CategoryFormValues,
} from './category-form-schema';
import { CATEGORIES_PATH, CATEGORY_API } from './category-paths';
import { CATEGORY_TEXT } from './category-text';
import { useCategoryChoices } from './use-category-choices';

export function CategoryForm({ category }: { category: ReportCategory | null }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const choices = useCategoryChoices(category);
  const { control, handleSubmit, setError, formState } = useForm<CategoryFormInput, unknown, CategoryFormValues>({
    resolver: zodResolver(categoryFormSchema),
    mode: 'onChange',
    defaultValues: categoryFormValues(category),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (category) await api.put<ReportCategory>(CATEGORY_API.one(category.id), values);
      else await api.post<ReportCategory>(CATEGORY_API.list, values);
      void message.success(category ? CATEGORY_TEXT.saved : CATEGORY_TEXT.created);
      void navigate(CATEGORIES_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, CATEGORY_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={CATEGORY_TEXT.name} autoComplete="off" autoFocus={!category} />
      <SelectField
        control={control}
        name="parentCategoryId"
        label={CATEGORY_TEXT.parent}
        options={choices.parents}
        loading={choices.loading}
        placeholder={CATEGORY_TEXT.noParent}
        clearable
      />
      <SelectField
        control={control}
        name="roleIds"
        label={CATEGORY_TEXT.roles}
        options={choices.roles}
        multiple
        loading={choices.loading}
        disabled={!choices.mayListRoles}
        placeholder={CATEGORY_TEXT.everyone}
        extra={choices.mayListRoles ? CATEGORY_TEXT.rolesHint : CATEGORY_TEXT.rolesUnavailable}
      />
      <SelectField
        control={control}
        name="tenantIds"
        label={CATEGORY_TEXT.tenants}
        options={choices.tenants}
        multiple
        loading={choices.loading}
        placeholder={CATEGORY_TEXT.everyone}
        extra={CATEGORY_TEXT.tenantsHint}
      />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{category ? MESSAGES.save : CATEGORY_TEXT.createCategory}</SubmitButton>
    </FormFrame>
  );
}

const backToCategories = <LinkButton to={CATEGORIES_PATH}>{CATEGORY_TEXT.backToCategories}</LinkButton>;

function EditCategory({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<ReportCategory>(CATEGORY_API.one(id), { signal }).then((r) => r.data), [id]);
  return (
    <PageFrame subtitle={loaded.status === 'loaded' ? loaded.data.path : undefined} actions={backToCategories}>
      <LoadPanel state={loaded}>{(category) => <CategoryForm key={category.id} category={category} />}</LoadPanel>
    </PageFrame>
  );
}

export default function CategoryFormPage() {
  const { id } = useParams();
  if (id) return <EditCategory id={id} />;
  return (
    <PageFrame actions={backToCategories}>
      <CategoryForm category={null} />
    </PageFrame>
  );
}
