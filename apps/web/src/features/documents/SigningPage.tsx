import { Alert, Anchor, Button, Checkbox, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useSession } from '../../session/use-session';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { notifyFailure } from '../../ui/feedback/notify';
import { formatDateTime } from '../../ui/format-time';
import { SignaturePad, type SignatureAnswer } from '../form-fields';
import { signedDocumentsPath } from './document-paths';
import { useMarkViewed, useSign, useSignedDocument } from './documents-api';
import { PdfPages } from './PdfPages';

/**
 * /organisations/{slug}/projects/{projectId}/documents/signed/{id}/sign: the recipient reads the document (its pages
 * as images, fit for a phone), draws a signature, confirms they read it, and signs. Opening it
 * is recorded once per visit.
 */
export function SigningPage({ signedDocumentId }: { signedDocumentId: string }) {
  const { slug } = useCurrentOrganisation();
  const name = useSession().user?.name ?? '';
  const document = useSignedDocument(signedDocumentId);
  const viewed = useMarkViewed();
  const sign = useSign();
  const [signature, setSignature] = useState<SignatureAnswer | null>(null);
  const [read, setRead] = useState(false);
  const [signedAt, setSignedAt] = useState<string | null>(null);
  const recorded = useRef(false);
  const outstanding = document.data?.is_outstanding === true;

  useEffect(() => {
    if (!outstanding || recorded.current) return;
    recorded.current = true;
    viewed.mutate(signedDocumentId);
  }, [outstanding, signedDocumentId, viewed]);

  if (document.isError && !document.data)
    return <QueryErrorState title="Could not load the document" query={document} />;
  if (!document.data) return <Loader role="status" aria-label="Loading the document" />;
  const data = document.data;
  return (
    <Stack gap="md" maw={860}>
      <div>
        <Title order={1}>{data.name}</Title>
        <Text c="dimmed" size="sm">
          {data.project.name}
          {data.reference ? ` · ${data.reference}` : ''}
        </Text>
      </div>
      <PdfPages path={`/signed_documents/${data.id}/file`} title={data.name} width={800} />
      {signedAt ? (
        <Alert color="green" title="Signed" role="status">
          You signed {data.name} on {formatDateTime(signedAt)}. Your signed copy is being made; it
          will be listed with the document.{' '}
          <Anchor component={Link} to={signedDocumentsPath(slug, data.project_id)}>
            Back to signed documents
          </Anchor>
        </Alert>
      ) : !outstanding ? (
        <Alert color="gray" title="Nothing to sign">
          This document is not waiting for your signature.
        </Alert>
      ) : (
        <Stack gap="sm">
          <Checkbox
            label="I have read and understood this document"
            checked={read}
            onChange={(event) => setRead(event.currentTarget.checked)}
          />
          <SignaturePad
            label="Your signature"
            required
            signerName={name}
            value={signature}
            onChange={setSignature}
            testId="document-signature"
          />
          <Button
            size="md"
            disabled={!read || !signature}
            loading={sign.isPending}
            onClick={() =>
              sign.mutate(
                { id: data.id, signature: signature!.signature },
                {
                  onSuccess: (member) =>
                    setSignedAt(member?.completed_at ?? new Date().toISOString()),
                  onError: (error) => notifyFailure('Could not sign', error),
                },
              )
            }
          >
            Sign
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
