package io.strata.server.snapshot;

import io.strata.common.error.BadRequestException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.server.region.LinkFile;
import io.strata.server.region.RegionLayout;
import io.strata.server.region.StoreFileRef;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The block files of a region no server has open (its table disabled), read from its family
 * directories as an open region would: a link names its target, a reference is refused.
 */
public final class ClosedRegionFiles {
  private ClosedRegionFiles() {}

  public static List<StoreFileRef> of(FileSystem fs, Path root, TableDescriptor table,
      RegionInfo region) throws IOException {
    List<StoreFileRef> out = new ArrayList<>();
    Path dir = RegionLayout.regionDir(root, region);
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      String f = family.getNameAsString();
      for (FileStatus st : RegionLayout.familyFiles(fs, dir, f)) {
        String name = st.getPath().getName();
        if (LinkFile.isLinkName(name)) {
          LinkFile l = LinkFile.read(fs, st.getPath());
          long length = fs.getFileStatus(l.resolve(fs, root, f)).getLen();
          out.add(new StoreFileRef(f, l.table(), l.region(), l.fileName(), length));
        } else if (io.strata.server.region.ReferenceFile.isReferenceName(name)) {
          throw new BadRequestException("region " + region.getRegionNameAsString() + " still "
              + "reads its split parent's files through references; enable the table, "
              + "major_compact it, and try again");
        } else {
          out.add(new StoreFileRef(f, region.getTable(), region.getEncodedName(), name,
              st.getLen()));
        }
      }
    }
    return out;
  }
}
