package io.strata.common.schema;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.strata.common.proto.SchemaProtos.ColumnFamilyProto;
import io.strata.common.proto.SchemaProtos.CoprocessorProto;
import io.strata.common.proto.SchemaProtos.RegionInfoProto;
import io.strata.common.proto.SchemaProtos.ServerNameProto;
import io.strata.common.proto.SchemaProtos.TableDescriptorProto;
import io.strata.common.proto.SchemaProtos.TableNameProto;

/**
 * Converts schema objects to and from their protobuf records (docs/formats/schema.md). The
 * records written to {@code .tabledesc} and {@code .regioninfo} carry {@link #FORMAT_VERSION};
 * a reader refuses a version it does not know rather than guessing.
 */
public final class SchemaCodec {
  public static final int FORMAT_VERSION = 1;

  private SchemaCodec() {}

  public static TableNameProto toProto(TableName t) {
    return TableNameProto.newBuilder().setNamespace(t.getNamespace())
        .setQualifier(t.getQualifier()).build();
  }

  public static TableName fromProto(TableNameProto p) {
    return TableName.valueOf(p.getNamespace(), p.getQualifier());
  }

  public static ColumnFamilyProto toProto(ColumnFamilyDescriptor f) {
    return ColumnFamilyProto.newBuilder()
        .setName(ByteString.copyFrom(f.getName()))
        .setMaxVersions(f.getMaxVersions())
        .setMinVersions(f.getMinVersions())
        .setTtlSeconds(f.getTimeToLive())
        .setBlockSize(f.getBlockSize())
        .setBloomType(f.getBloomFilterType().name())
        .setBloomErrorRate(f.getBloomErrorRate())
        .setCompression(f.getCompression().name())
        .setDataBlockEncoding(f.getDataBlockEncoding().name())
        .setInMemory(f.isInMemory())
        .setBlockCacheEnabled(f.isBlockCacheEnabled())
        .putAllConfig(f.getConfiguration())
        .build();
  }

  public static ColumnFamilyDescriptor fromProto(ColumnFamilyProto p) {
    ColumnFamilyDescriptor.Builder b = ColumnFamilyDescriptor.newBuilder(p.getName().toByteArray())
        .setMaxVersions(p.getMaxVersions())
        .setMinVersions(p.getMinVersions())
        .setTimeToLive(p.getTtlSeconds())
        .setBlockSize(p.getBlockSize())
        .setBloomFilterType(BloomType.parse(p.getBloomType()))
        .setBloomErrorRate(p.getBloomErrorRate())
        .setCompression(Compression.parse(p.getCompression()))
        .setDataBlockEncoding(DataBlockEncoding.parse(p.getDataBlockEncoding()))
        .setInMemory(p.getInMemory())
        .setBlockCacheEnabled(p.getBlockCacheEnabled());
    p.getConfigMap().forEach(b::setConfiguration);
    return b.build();
  }

  public static TableDescriptorProto toProto(TableDescriptor t) {
    TableDescriptorProto.Builder b = TableDescriptorProto.newBuilder()
        .setVersion(FORMAT_VERSION)
        .setTableName(toProto(t.getTableName()))
        .setMaxFileSize(t.getMaxFileSize())
        .setMemstoreFlushSize(t.getMemStoreFlushSize())
        .setDurability(t.getDurability().name())
        .setReadOnly(t.isReadOnly())
        .putAllMetadata(t.getMetadata());
    t.getColumnFamilies().forEach(f -> b.addFamilies(toProto(f)));
    for (CoprocessorSpec cp : t.getCoprocessors()) {
      CoprocessorProto.Builder c = CoprocessorProto.newBuilder().setClassName(cp.className())
          .setPriority(cp.priority()).putAllProperties(cp.properties());
      if (cp.jarPath() != null) {
        c.setJarPath(cp.jarPath());
      }
      b.addCoprocessors(c);
    }
    return b.build();
  }

  public static TableDescriptor fromProto(TableDescriptorProto p) {
    checkVersion("table descriptor", p.getVersion());
    TableDescriptor.Builder b = TableDescriptor.newBuilder(fromProto(p.getTableName()))
        .setMaxFileSize(p.getMaxFileSize())
        .setMemStoreFlushSize(p.getMemstoreFlushSize())
        .setDurability(Durability.parse(p.getDurability()))
        .setReadOnly(p.getReadOnly());
    p.getFamiliesList().forEach(f -> b.setColumnFamily(fromProto(f)));
    for (CoprocessorProto c : p.getCoprocessorsList()) {
      b.addCoprocessor(new CoprocessorSpec(c.getClassName(), c.getJarPath(), c.getPriority(),
          c.getPropertiesMap()));
    }
    p.getMetadataMap().forEach(b::setValue);
    return b.build();
  }

  public static RegionInfoProto toProto(RegionInfo r) {
    return RegionInfoProto.newBuilder()
        .setVersion(FORMAT_VERSION)
        .setTableName(toProto(r.getTable()))
        .setStartKey(ByteString.copyFrom(r.getStartKey()))
        .setEndKey(ByteString.copyFrom(r.getEndKey()))
        .setRegionId(r.getRegionId())
        .setReplicaId(r.getReplicaId())
        .setOffline(r.isOffline())
        .setSplit(r.isSplit())
        .build();
  }

  public static RegionInfo fromProto(RegionInfoProto p) {
    checkVersion("region info", p.getVersion());
    return RegionInfo.newBuilder(fromProto(p.getTableName()))
        .setStartKey(p.getStartKey().toByteArray())
        .setEndKey(p.getEndKey().toByteArray())
        .setRegionId(p.getRegionId())
        .setReplicaId(p.getReplicaId())
        .setOffline(p.getOffline())
        .setSplit(p.getSplit())
        .build();
  }

  public static ServerNameProto toProto(ServerName s) {
    return ServerNameProto.newBuilder().setHost(s.host()).setPort(s.port())
        .setStartCode(s.startCode()).build();
  }

  public static ServerName fromProto(ServerNameProto p) {
    return new ServerName(p.getHost(), p.getPort(), p.getStartCode());
  }

  /** Serialized form of a {@code .tabledesc} file. */
  public static byte[] serialize(TableDescriptor t) {
    return toProto(t).toByteArray();
  }

  public static TableDescriptor parseTableDescriptor(byte[] data, String source) {
    try {
      return fromProto(TableDescriptorProto.parseFrom(data));
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("cannot read the table descriptor in " + source
          + ": " + e.getMessage() + "; the file is damaged", e);
    }
  }

  /** Serialized form of a {@code .regioninfo} file. */
  public static byte[] serialize(RegionInfo r) {
    return toProto(r).toByteArray();
  }

  public static RegionInfo parseRegionInfo(byte[] data, String source) {
    try {
      return fromProto(RegionInfoProto.parseFrom(data));
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("cannot read the region info in " + source
          + ": " + e.getMessage() + "; the file is damaged", e);
    }
  }

  private static void checkVersion(String what, int version) {
    if (version != FORMAT_VERSION) {
      throw new IllegalArgumentException(what + " has format version " + version
          + "; this Strata reads version " + FORMAT_VERSION
          + " (written by a newer Strata, or damaged)");
    }
  }
}
