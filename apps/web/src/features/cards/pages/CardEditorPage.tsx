import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Form, Space, Spin, Tag } from 'antd';
import { EyeOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { PUSH_APP_ID, type CardContent, type CardFileEntry, type CardSaveStatus, type CardType } from '@field-portal/shared';
import { useSession } from '@/lib/session/session-context';
import { describeFailure, isHttpError } from '@/lib/http';
import { useI18n } from '@/lib/i18n';
import { useBuOptions } from '../api/find-bu';
import { useUpdateCard } from '../api/update-card';
import { NEW_CARD_ID_KEY, newCardIdQuery } from '../api/new-card-id';
import {
  CARD_FORM_FIELDS,
  contentOf,
  emptyFormValues,
  failureMessageKey,
  formValuesOf,
  problemText,
  type CardCheck,
  type CardFormField,
  type CardFormValues,
  type FieldProblem,
} from '../card-form';
import { CardFormFields, fieldLabel } from '../components/CardFormFields';
import { TemplatePicker } from '../components/TemplatePicker';
import { editorMemory, type EditorState } from '../editor-memory';
import { useCardFiles } from '../hooks/use-card-files';
import {
  addAttachment,
  editLink,
  removeAttachment,
  setAttachmentTicked,
  setLinkTicked,
  type LinkAttachment,
  type LinkAttachmentChange,
} from '../link-attachment';
import { openNewCard } from '../open-new';
import { NEW_CARD_TYPE } from '../templates';
import { CARD_TEMPLATES } from '../templates';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import './card-editor.css';

/** The preview and the after-save dialogs, downloaded when first opened (docs/decisions/0031). */
const PreviewDialog = lazyDialog(() => import('../components/PreviewDialog').then((m) => m.PreviewDialog));
const SuccessDialog = lazyDialog(() => import('../components/SuccessDialog').then((m) => m.SuccessDialog));

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const nowText = () => dayjs().format(TIME_FORMAT);

const boxesOf = (values: CardFormValues): LinkAttachment => ({
  link: values.link,
  attachment: values.attachment,
  linkValue: values.linkValue,
  fileList: values.fileList,
});

const isFormField = (name: string): name is CardFormField => (CARD_FORM_FIELDS as readonly string[]).includes(name);

/**
 * The card editor of the routes NewCard and card (spec 000 sections 2, 4 and 5): the five
 * templates on the left, the chosen one's form on the right, and save draft, create card and
 * preview on top. Opened with a card in the query, it edits a draft under its id or copies
 * any other card under a new id.
 */
export function CardEditorPage() {
  const { user, table } = useSession();
  const { t, anyMsg, lang } = useI18n();
  const { message } = AntApp.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CardFormValues>();
  const path = location.pathname;
  const search = location.search;
  const author = user.firstName;

  // A form in progress comes back after a tab switch; another query opens another card.
  const [remembered] = useState(() => {
    const snapshot = editorMemory.get(user.username, path);
    return snapshot && snapshot.state.openedFor === search ? snapshot : undefined;
  });
  const [editor, setEditor] = useState<EditorState | undefined>(remembered?.state);
  const [initialValues] = useState<CardFormValues>(() => remembered?.values ?? emptyFormValues(author, nowText()));
  const [boxes, setBoxes] = useState<LinkAttachment>(() => boxesOf(initialValues));
  const [preview, setPreview] = useState<CardContent>();
  const [saved, setSaved] = useState<CardSaveStatus>();
  const [fetchingId, setFetchingId] = useState(false);
  const previewOpened = useOpenedOnce(preview !== undefined);
  const savedOpened = useOpenedOnce(saved !== undefined);
  const editorRef = useRef(editor);
  const openedFor = useRef(remembered?.state.openedFor);
  const pendingId = useRef<Promise<number> | undefined>(undefined);
  const rememberRef = useRef<() => void>(() => undefined);

  const buOptions = useBuOptions(user.buList);
  const save = useUpdateCard();
  const pushPath = table.pages.find((page) => page.router === 'NewRecommend')?.path;

  const remember = useCallback(() => rememberRef.current(), []);

  const update = useCallback(
    (next: EditorState) => {
      editorRef.current = next;
      setEditor(next);
      remember();
    },
    [remember],
  );

  /** The id the form saves under: the current one, or a new one once the last was used. */
  const ensureCardId = useCallback(async (): Promise<number> => {
    const current = editorRef.current;
    if (current?.cardId) return current.cardId;
    pendingId.current ??= queryClient
      .fetchQuery(newCardIdQuery(`${user.username}:${path}:${Date.now()}`))
      .then((id) => {
        if (editorRef.current) update({ ...editorRef.current, cardId: id });
        return id;
      })
      .finally(() => {
        pendingId.current = undefined;
      });
    return pendingId.current;
  }, [path, queryClient, update, user.username]);

  const files = useCardFiles({
    username: user.username,
    editingDraft: editor?.mode === 'draft',
    ensureCardId,
    initiallyUploaded: remembered?.uploaded ?? [],
    onChange: remember,
  });

  useEffect(() => {
    rememberRef.current = () => {
      const state = editorRef.current;
      if (state) editorMemory.set(user.username, path, { state, values: form.getFieldsValue(true) as CardFormValues, uploaded: files.uploaded() });
    };
  }, [files, form, path, user.username]);

  const clearErrors = useCallback(() => form.setFields(CARD_FORM_FIELDS.map((name) => ({ name, errors: [] }))), [form]);

  const fill = useCallback(
    (values: CardFormValues) => {
      form.setFieldsValue(values);
      setBoxes(boxesOf(values));
      clearErrors();
    },
    [clearErrors, form],
  );

  // Open what the query names, once per query.
  useEffect(() => {
    if (openedFor.current === search) return;
    let live = true;
    const opening = `${user.username}:${path}${search}`;
    // A query naming a card (an id, or its fields) is read with the shared schemas, loaded then;
    // a new card needs neither.
    const query = new URLSearchParams(search);
    const loaded =
      query.has('id') || query.has('content')
        ? import('../opening').then(({ editorSourceOf, openEditor }) => openEditor(queryClient, editorSourceOf(search), opening))
        : openNewCard(queryClient, opening);
    void loaded.then((opened) => {
      if (!live) return;
      openedFor.current = search;
      const time = nowText();
      fill(opened.content ? formValuesOf(opened.content, { author, createTime: time }) : emptyFormValues(author, time));
      update({ openedFor: search, mode: opened.mode, fromId: opened.fromId, cardId: opened.cardId, type: opened.type });
    });
    return () => {
      live = false;
    };
  }, [author, fill, path, queryClient, search, update, user.username]);

  const applyBoxes = (change: LinkAttachmentChange) => {
    form.setFieldsValue(change.next);
    form.setFields([
      { name: 'linkValue', errors: [] },
      { name: 'fileList', errors: [] },
    ]);
    setBoxes(change.next);
    for (const file of change.removed) files.discard(file.url, 'attachment');
    remember();
  };
  const currentBoxes = () => boxesOf(form.getFieldsValue(true) as CardFormValues);

  const labelOf = (field: CardFormField) => fieldLabel(t, field, editor?.type ?? NEW_CARD_TYPE);

  const shownProblems = useRef<FieldProblem[]>([]);
  const showProblems = (problems: FieldProblem[]) => {
    shownProblems.current = problems;
    const byField = new Map(problems.map((p) => [p.field, problemText(p, lang, labelOf(p.field))]));
    form.setFields(CARD_FORM_FIELDS.map((name) => ({ name, errors: byField.has(name) ? [byField.get(name)!] : [] })));
  };

  // A language switch re-words the problems still shown.
  const typeNow = editor?.type ?? NEW_CARD_TYPE;
  useEffect(() => {
    const still = shownProblems.current.filter((p) => form.getFieldError(p.field).length > 0);
    form.setFields(still.map((p) => ({ name: p.field, errors: [problemText(p, lang, fieldLabel(t, p.field, typeNow))] })));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the language re-words them
  }, [lang]);

  const showServerProblem = (error: unknown) => {
    if (!isHttpError(error) || !error.field?.startsWith('content.')) return;
    const field = error.field.slice('content.'.length);
    if (isFormField(field)) form.setFields([{ name: field, errors: [error.serverMessage ?? describeFailure(error, lang)] }]);
  };

  const afterSave = (status: CardSaveStatus) => {
    const state = editorRef.current!;
    // The uploads now belong to the saved card, and its id is used: the next card needs a new one.
    files.settle();
    queryClient.removeQueries({ queryKey: NEW_CARD_ID_KEY });
    fill(emptyFormValues(author, nowText()));
    openedFor.current = '';
    update({ openedFor: '', mode: 'new', fromId: undefined, cardId: undefined, type: state.type });
    if (search) void navigate({ pathname: path, search: '' }, { replace: true });
    setSaved(status);
  };

  const submit = async (check: CardCheck) => {
    const state = editorRef.current;
    if (!state || save.isPending) return;
    const content = contentOf(form.getFieldsValue(true) as CardFormValues, state.type);
    // The checks (and the zod schema they read) load with the first check, not with the editor.
    const { cardProblems } = await import('../card-checks');
    const problems = cardProblems(content, check, buOptions);
    showProblems(problems);
    if (problems.length > 0) {
      const first = problems[0]!;
      void message.error(check === 'draft' ? problemText(first, lang, labelOf(first.field)) : anyMsg(failureMessageKey(check)));
      return;
    }
    if (check === 'preview') {
      setPreview(content);
      return;
    }
    const status: CardSaveStatus = check === 'draft' ? 'draft' : 'created';
    let id: number;
    try {
      id = await ensureCardId();
    } catch {
      return;
    }
    save.mutate({ id, content, status }, { onSuccess: () => afterSave(status), onError: showServerProblem });
  };

  /** Edit another: the form is already cleared; it gets a new card id. */
  const another = async () => {
    setFetchingId(true);
    try {
      await ensureCardId();
      setSaved(undefined);
    } catch {
      // The client has said why; the dialog stays for another try.
    } finally {
      setFetchingId(false);
    }
  };

  const closeSaved = () => {
    setSaved(undefined);
    void ensureCardId().catch(() => undefined);
  };

  const chooseTemplate = (type: CardType) => {
    const state = editorRef.current;
    if (!state || state.type === type) return;
    update({ ...state, type });
    form.setFields((['imageUrl1', 'imageUrl2', 'imageUrl3', 'zhaiyao'] as const).map((name) => ({ name, errors: [] })));
  };

  const onValuesChange = (changed: Partial<CardFormValues>) => {
    // A field the user changes drops the problem shown under it (fields with rules re-check themselves).
    form.setFields(
      Object.keys(changed)
        .filter((name) => isFormField(name) && name !== 'titleName' && name !== 'author')
        .map((name) => ({ name: name as CardFormField, errors: [] })),
    );
    if (changed.linkValue !== undefined) applyBoxes(editLink(currentBoxes(), changed.linkValue));
    else remember();
  };

  const opening = !editor || editor.openedFor !== search;
  const template = CARD_TEMPLATES.find((entry) => entry.type === editor?.type);
  const busy = opening || save.isPending;

  return (
    <div className="fp-card-editor">
      <aside className="fp-card-editor-templates">
        <h2 className="fp-section-title">{t('cards.templates')}</h2>
        <TemplatePicker value={editor?.type ?? NEW_CARD_TYPE} onChange={chooseTemplate} disabled={opening} />
      </aside>
      <Card
        className="fp-card-editor-form"
        title={
          <div className="fp-card-editor-heading">
            <span>{template ? t(template.label) : t('cards.editor.newCard')}</span>
            {editor?.mode === 'draft' ? <Tag color="gold">{t('cards.editor.draftOf')}</Tag> : null}
            {editor?.mode === 'copy' && editor.fromId ? <Tag color="blue">{t('cards.editor.copyOf', { id: editor.fromId })}</Tag> : null}
            <span className="fp-card-editor-id" data-testid="card-id">
              {t('cards.field.cardId')}: {editor?.cardId ?? '—'}
            </span>
          </div>
        }
        extra={
          <Space wrap>
            <Button icon={<SaveOutlined />} onClick={() => void submit('draft')} disabled={busy} loading={save.isPending && save.variables?.status === 'draft'}>
              {t('cards.action.saveDraft')}
            </Button>
            <Button icon={<EyeOutlined />} onClick={() => void submit('preview')} disabled={busy}>
              {t('cards.action.preview')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => void submit('create')}
              disabled={busy}
              loading={save.isPending && save.variables?.status === 'created'}
            >
              {t('cards.action.create')}
            </Button>
          </Space>
        }
      >
        <Spin spinning={opening} tip={t('cards.editor.opening')}>
          <Form<CardFormValues>
            form={form}
            layout="vertical"
            initialValues={initialValues}
            onValuesChange={onValuesChange}
            className="fp-card-form"
            disabled={save.isPending}
            requiredMark
          >
            <CardFormFields
              type={editor?.type ?? NEW_CARD_TYPE}
              buOptions={buOptions}
              files={files}
              boxes={boxes}
              onLinkTicked={(ticked) => applyBoxes(setLinkTicked(currentBoxes(), ticked))}
              onAttachmentTicked={(ticked) => applyBoxes(setAttachmentTicked(currentBoxes(), ticked))}
              onAttachmentAdded={(entry: CardFileEntry) => applyBoxes(addAttachment(currentBoxes(), entry))}
              onAttachmentRemoved={(url) => applyBoxes(removeAttachment(currentBoxes(), url))}
            />
          </Form>
        </Spin>
      </Card>
      {previewOpened ? <PreviewDialog content={preview} cardId={editor?.cardId} onClose={() => setPreview(undefined)} /> : null}
      {savedOpened ? (
        <SuccessDialog
          saved={saved}
          onPush={pushPath ? () => void navigate(`${pushPath}?appId=${PUSH_APP_ID}`) : undefined}
          onAnother={() => void another()}
          onClose={closeSaved}
          busy={fetchingId}
        />
      ) : null}
    </div>
  );
}
