/**
 * A task's files: upload (a button or drag and drop, several at once), list with thumbnails for
 * images, download, and delete after a confirmation. The server checks size and type; its message
 * ("too large", the allowed types) is shown as it says it.
 */
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, pathFor, queryKeys, unwrap, type TaskFileAdded, type TaskListItem } from '@fieldwatch/shared';
import { AbsoluteTime, useRemote } from '@fieldwatch/shared/remote';
import { Button, buttonClassName, ConfirmDialog, Icon } from '@fieldwatch/shared/ui';
import { patchCachedTask } from './task-api';
import type { TaskDetail, TaskFile } from './task-types';
import { toWriteError } from './task-write';
import css from './TaskPanel.module.css';

const isImage = (f: Pick<TaskFile, 'contentType'>) => f.contentType.startsWith('image/');

/** "2.4 MB" */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function FilesSection({ task, canWrite, userName }: { task: TaskDetail; canWrite: boolean; userName: (u: string) => string }) {
  const { t } = useTranslation('tasks');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [deleting, setDeleting] = useState<TaskFile | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>();
  const key = queryKeys.task(task.id);

  const upload = async (files: readonly File[]) => {
    setError(null);
    for (const file of files) {
      setUploading((n) => n + 1);
      try {
        const res = await api.http.request({
          method: ENDPOINTS.uploadTaskFile.method,
          url: pathFor(ENDPOINTS.uploadTaskFile, { id: task.id }),
          params: { name: file.name },
          data: file,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        });
        const added = unwrap<TaskFileAdded>(res.data);
        queryClient.setQueryData<TaskDetail>(key, (old) =>
          old ? { ...old, files: [...old.files.filter((f) => f.id !== added.file.id), added.file] } : old,
        );
        patchCachedTask(queryClient, added.task);
      } catch (err) {
        setError(t('files.uploadFailed', { name: file.name, reason: toWriteError(err).message }));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const remove = async (file: TaskFile) => {
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      const res = await api.http.request({
        method: ENDPOINTS.deleteTaskFile.method,
        url: pathFor(ENDPOINTS.deleteTaskFile, { id: task.id, fileId: file.id }),
      });
      queryClient.setQueryData<TaskDetail>(key, (old) => (old ? { ...old, files: old.files.filter((f) => f.id !== file.id) } : old));
      patchCachedTask(queryClient, unwrap<TaskListItem>(res.data));
      setDeleting(null);
    } catch (err) {
      setDeleteError(t('files.deleteFailed', { name: file.name, reason: toWriteError(err).message }));
    } finally {
      setDeleteBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!canWrite) return;
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) void upload(files);
  };

  return (
    <section className={css.section} aria-labelledby="fw-task-files-title">
      <h3 id="fw-task-files-title" className={css.sectionTitle}>
        {t('files.title')}
        <span className={css.logCount}>{task.files.length}</span>
      </h3>
      {task.files.length === 0 && !canWrite && <p className={css.muted}>{t('files.none')}</p>}
      {task.files.length > 0 && (
        <ul className={css.files} data-testid="task-files">
          {task.files.map((f) => (
            <li key={f.id} className={css.file} data-testid="task-file">
              <a href={f.url} target="_blank" rel="noreferrer" className={css.fileThumb} aria-label={t('files.open', { name: f.name })}>
                {isImage(f) ? (
                  <img src={f.url} alt={f.name} loading="lazy" data-testid="file-thumbnail" />
                ) : (
                  <Icon name="folder" size={20} />
                )}
              </a>
              <div className={css.fileInfo}>
                <span className={css.fileName} title={f.name}>
                  {f.name}
                </span>
                <span className={css.muted}>
                  {fileSize(f.size)} · {userName(f.createdBy)} · <AbsoluteTime date={f.created} />
                </span>
              </div>
              <div className={css.fileActions}>
                <a
                  href={f.url}
                  download={f.name}
                  className={buttonClassName({ variant: 'ghost', size: 'small' })}
                  aria-label={t('files.download', { name: f.name })}
                  title={t('files.download', { name: f.name })}
                  data-testid="file-download"
                >
                  {t('files.downloadShort')}
                </a>
                {canWrite && (
                  <button
                    type="button"
                    className={css.iconButton}
                    aria-label={t('files.delete', { name: f.name })}
                    title={t('files.delete', { name: f.name })}
                    onClick={() => {
                      setDeleteError(undefined);
                      setDeleting(f);
                    }}
                  >
                    <Icon name="close" size={14} />
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <div
          className={css.dropZone}
          data-over={over || undefined}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          data-testid="file-drop"
        >
          <Icon name="folder" size={16} />
          <span>{uploading > 0 ? t('files.uploading') : t('files.drop')}</span>
          <Button size="small" onClick={() => input.current?.click()} disabled={uploading > 0}>
            {t('files.choose')}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept="image/png,image/jpeg,image/webp,image/gif,application/pdf,text/plain,text/csv"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) void upload(files);
            }}
            data-testid="file-input"
          />
        </div>
      )}
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('files.deleteTitle')}
          confirmLabel={t('files.deleteConfirm')}
          cancelLabel={t('common:action.cancel')}
          closeLabel={t('common:action.close')}
          danger
          busy={deleteBusy}
          error={deleteError}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
          testId="delete-file-dialog"
        >
          {t('files.deleteText', { name: deleting.name })}
        </ConfirmDialog>
      )}
    </section>
  );
}
