import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { SvgIcon } from '@/components/SvgIcon';
import { useFileObjectUrl } from '../hooks/use-file-object-url';

interface CardImageProps {
  url: string | undefined;
  alt: string;
  className?: string;
  /** What stands in while there is no image: a picture (default) or a person (avatars). */
  fallback?: 'picture' | 'person';
}

/** An uploaded card image, fetched with the bearer token; a quiet placeholder while missing. */
export function CardImage({ url, alt, className, fallback = 'picture' }: CardImageProps) {
  const { src } = useFileObjectUrl(url);
  const classes = ['fp-card-image', className].filter(Boolean).join(' ');
  if (src) return <img className={classes} src={src} alt={alt} draggable={false} />;
  return (
    <span className={`${classes} is-empty`} role="img" aria-label={alt}>
      <SvgIcon icon={fallback === 'person' ? UserOutlined : PictureOutlined} />
    </span>
  );
}
