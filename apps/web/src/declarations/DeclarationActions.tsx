import { Button, Group } from '@mantine/core';
import { type Declaration, isAdminRole } from '@sejour/domain';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/useSession';
import { confirmAction, confirmDelete, SubmitButton, toast } from '../ui';
import { useDeclarationMutations } from './api';
import { useDeclarationsTexts } from './texts';

/**
 * The actions of a stored declaration's state, monthly or au forfait: a draft is saved, marked done (once the
 * host confirms the amount) or deleted; a done one only an admin reopens.
 */
export function DeclarationActions(props: {
  declaration: Declaration;
  /** Whether the form's save shows: a draft's, or more where the screen allows it. */
  canSave: boolean;
  /** The confirmation's question: which declaration is marked done, for which amount. */
  doneQuestion: string;
  /** A draft's further actions, after "mark done". */
  draftActions?: ReactNode;
}) {
  const { declaration } = props;
  const { t } = useDeclarationsTexts();
  const navigate = useNavigate();
  const admin = isAdminRole(useSession().user?.role);
  const mutations = useDeclarationMutations();

  const markDone = async () => {
    const ok = await confirmAction({
      title: t('detail.confirm.doneTitle'),
      text: `${props.doneQuestion} ${t('detail.confirm.done')}`,
      confirmLabel: t('detail.actions.markDone'),
    });
    if (!ok) return;
    await mutations.markDone.mutateAsync(declaration.id);
    toast.success(t('detail.toasts.done'));
  };
  const remove = async () => {
    if (!(await confirmDelete())) return;
    await mutations.remove.mutateAsync(declaration.id);
    toast.success(t('detail.toasts.deleted'));
    void navigate(`/establishments/${declaration.establishmentId}`, { replace: true });
  };
  const reopen = async () => {
    await mutations.reopen.mutateAsync(declaration.id);
    toast.success(t('detail.toasts.reopened'));
  };

  return (
    <Group>
      {props.canSave && <SubmitButton>{t('detail.actions.save')}</SubmitButton>}
      {!declaration.done && (
        <>
          <Button variant="outline" onClick={markDone}>
            {t('detail.actions.markDone')}
          </Button>
          {props.draftActions}
          <Button variant="subtle" color="red" onClick={remove}>
            {t('detail.actions.delete')}
          </Button>
        </>
      )}
      {declaration.done && admin && (
        <Button variant="default" onClick={reopen}>
          {t('detail.actions.reopen')}
        </Button>
      )}
    </Group>
  );
}
